import { useForm, useStore } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { leadCreateBody, type LeadCreateBody, type LeadDuplicate } from '../../../../contract/leads';
import { useLevels, useSubjectOptions } from '../../../api/catalogue';
import { ApiError } from '../../../api/errors';
import { createLead, useCallOperators, useMarketingSources } from '../../../api/leads';
import { usePhoneCheck } from '../../../api/students';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { PhoneField } from '../../../ui/PhoneField';
import { Select } from '../../../ui/Select';
import { FormAlert, formBody } from '../../common/DialogFormParts';
import { FormTextField, submitWith } from '../../common/FormTextField';
import { firstError } from '../../common/formErrors';
import { placeServerErrors } from '../../common/serverErrors';
import { TextArea, TIME_OPTIONS } from '../../common/formParts';
import { DayChips } from '../../common/DayChips';
import { SamePhoneWarning } from '../../common/SamePhoneWarning';
import { completePhone, conflictDuplicates, duplicatesOf } from '../../common/samePhone';

const FIELDS = ['full_name', 'phone', 'subject', 'level', 'source', 'operator', 'preferred_days', 'preferred_time', 'comment'] as const;
type FieldName = (typeof FIELDS)[number];

// The contract's own input type, so the same schema validates the form and the request.
type Values = LeadCreateBody;

const twoColumns = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' });
const idOf = (value: string) => (value === '' ? null : Number(value));

/**
 * The quick "new lead" form. A call operator owns the leads they create (the server sets it); others may pick
 * the operator. Leads or students that already have the phone are shown before saving, with links; the lead is
 * saved over them only when the user chooses "save anyway".
 */
export function CreateLeadDialog({ filial, chooseOperator, onClose }: { filial: number; chooseOperator: boolean; onClose: () => void }) {
  const { t } = useT();
  return (
    <Dialog open onClose={onClose} title={t('leads.create.title')} description={t('leads.create.description')} closeLabel={t('common.actions.close')} maxWidth="560px">
      <LeadForm filial={filial} chooseOperator={chooseOperator} onSaved={onClose} onCancel={onClose} />
    </Dialog>
  );
}

function LeadForm({ filial, chooseOperator, onSaved, onCancel }: { filial: number; chooseOperator: boolean; onSaved: () => void; onCancel: () => void }) {
  const { t } = useT();
  const { toast } = useActors();
  const daysLabel = useId();
  const [alert, setAlert] = useState<string | null>(null);
  // Same-phone records the server refused the save for (for the phone it was asked with), and the user's choice.
  const [conflict, setConflict] = useState<{ phone: string; duplicates: LeadDuplicate[] } | null>(null);
  const confirmed = useRef(false);
  const subjects = useSubjectOptions();
  const sources = useMarketingSources();
  const operators = useCallOperators(chooseOperator ? filial : null);
  const save = useMutation({
    mutationFn: (body: LeadCreateBody) => createLead(body),
    onSuccess: () => {
      toast.send({ type: 'toast.show', severity: 'success', message: 'leads.create.saved' });
      onSaved();
    },
    onError: (error, body) => {
      const same = conflictDuplicates(error);
      if (same) {
        setConflict({ phone: completePhone(body.phone) ?? '', duplicates: same });
        return;
      }
      if (error instanceof ApiError && error.status === 400 && (error.fields || error.detail)) {
        const rest = placeServerErrors<FieldName>(form, error, FIELDS);
        setAlert(rest.join(' ') || null);
        return;
      }
      setAlert(error instanceof ApiError && error.status === 0 ? t('common.errors.network') : t('leads.create.failed'));
    },
  });
  const form = useForm({
    defaultValues: {
      filial,
      full_name: '',
      phone: '+998 ',
      subject: null,
      level: null,
      source: null,
      operator: null,
      preferred_days: [],
      preferred_time: null,
      comment: '',
    } as Values,
    validators: { onSubmit: leadCreateBody },
    onSubmit: ({ value }) => {
      setAlert(null);
      const confirm = confirmed.current;
      confirmed.current = false;
      save.mutate({ ...value, operator: chooseOperator ? value.operator : null, confirm_duplicate: confirm || undefined });
    },
  });
  const subject = useStore(form.store, (s) => s.values.subject);
  const phone = useStore(form.store, (s) => completePhone(s.values.phone));
  const check = usePhoneCheck(phone);
  const duplicates = conflict && conflict.phone === phone ? conflict.duplicates : phone && check.data ? duplicatesOf(check.data) : [];
  const levels = useLevels(subject ?? null);
  const errorOf = (meta: { errors: readonly unknown[]; isTouched: boolean }) =>
    meta.isTouched || form.state.submissionAttempts > 0 ? firstError(meta.errors, t) : null;
  const choose = t('leads.create.choose');

  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="lead-form">
      <div className={formBody}>
        <form.Field name="full_name">
          {(field) => <FormTextField field={field} label={t('leads.create.fullName')} placeholder={t('leads.create.fullNamePlaceholder')} required autoFocus autoComplete="off" />}
        </form.Field>
        <form.Field name="phone">
          {(field) => (
            <PhoneField
              label={t('leads.create.phone')}
              required
              name="phone"
              value={field.state.value}
              onBlur={field.handleBlur}
              onValueChange={(v) => field.handleChange(v)}
              error={errorOf(field.state.meta)}
            />
          )}
        </form.Field>
        <SamePhoneWarning
          duplicates={duplicates}
          kind="lead"
          saving={save.isPending}
          testId="lead-duplicates"
          onSaveAnyway={() => {
            // Only this press confirms: a refused validation must not leave the next plain save confirmed.
            confirmed.current = true;
            void form.handleSubmit().finally(() => (confirmed.current = false));
          }}
        />
        <div className={twoColumns}>
          <form.Field name="subject">
            {(field) => (
              <Select
                label={t('leads.create.subject')}
                name="subject"
                placeholder={choose}
                value={field.state.value ?? ''}
                options={(subjects.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                onChange={(e) => {
                  field.handleChange(idOf(e.target.value));
                  form.setFieldValue('level', null);
                }}
                error={errorOf(field.state.meta)}
              />
            )}
          </form.Field>
          <form.Field name="level">
            {(field) => (
              <Select
                label={t('leads.create.level')}
                name="level"
                placeholder={choose}
                disabled={!subject}
                value={field.state.value ?? ''}
                options={(levels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
                onChange={(e) => field.handleChange(idOf(e.target.value))}
                error={errorOf(field.state.meta)}
              />
            )}
          </form.Field>
          <form.Field name="source">
            {(field) => (
              <Select
                label={t('leads.create.source')}
                name="source"
                placeholder={choose}
                value={field.state.value ?? ''}
                options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                onChange={(e) => field.handleChange(idOf(e.target.value))}
                error={errorOf(field.state.meta)}
              />
            )}
          </form.Field>
          {chooseOperator ? (
            <form.Field name="operator">
              {(field) => (
                <Select
                  label={t('leads.create.operator')}
                  name="operator"
                  placeholder={choose}
                  value={field.state.value ?? ''}
                  options={(operators.data ?? []).map((p) => ({ value: p.id, label: p.full_name }))}
                  onChange={(e) => field.handleChange(idOf(e.target.value))}
                  error={errorOf(field.state.meta)}
                />
              )}
            </form.Field>
          ) : null}
        </div>
        <form.Field name="preferred_days">
          {(field) => (
            <div>
              <span id={daysLabel} className={css({ display: 'block', fontSize: 'sm', fontWeight: 'medium', mb: '1.5' })}>
                {t('leads.create.days')}
              </span>
              <DayChips value={field.state.value ?? []} onChange={(days) => field.handleChange(days)} labelId={daysLabel} error={errorOf(field.state.meta)} />
            </div>
          )}
        </form.Field>
        <form.Field name="preferred_time">
          {(field) => (
            <Select
              className={css({ maxW: { sm: '50%' } })}
              label={t('leads.create.time')}
              name="preferred_time"
              placeholder={choose}
              value={(field.state.value as string | null | undefined) ?? ''}
              options={TIME_OPTIONS}
              onChange={(e) => field.handleChange(e.target.value || null)}
              error={errorOf(field.state.meta)}
            />
          )}
        </form.Field>
        <form.Field name="comment">
          {(field) => (
            <TextArea
              label={t('leads.create.comment')}
              name="comment"
              value={field.state.value ?? ''}
              onBlur={field.handleBlur}
              onChange={(e) => field.handleChange(e.target.value)}
              error={errorOf(field.state.meta)}
            />
          )}
        </form.Field>
        <FormAlert>{alert}</FormAlert>
      </div>
      <div className={dialogFooter}>
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="lead-save">
          {save.isPending ? t('leads.create.saving') : t('leads.create.save')}
        </Button>
      </div>
    </form>
  );
}
