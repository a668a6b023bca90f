import { useForm } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { css } from 'styled-system/css';
import { leadPatchBody, type Lead, type LeadPatchBody } from '../../../../contract/leads';
import { hhmm } from '../../../../contract/schedule';
import { ApiError } from '../../../api/errors';
import { usePickableGroups } from '../../../api/groupDetail';
import { updateLead, useMarketingSources, useRefreshLead } from '../../../api/leadDetail';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { phoneToWire } from '../../../lib/phone';
import { formatPhone } from '../../../lib/phoneText';
import { Button } from '../../../ui/Button';
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { PhoneField } from '../../../ui/PhoneField';
import { Select } from '../../../ui/Select';
import { FormAlert, formBody } from '../../common/DialogFormParts';
import { submitWith } from '../../common/FormTextField';
import { firstError } from '../../common/formErrors';
import { DayChips } from '../../common/DayChips';
import { TextArea, TIME_OPTIONS, twoColumns } from '../../common/formParts';
import { subjectChoices } from './subjectChoices';

type Values = {
  full_name: string;
  phone: string;
  extra_phone: string;
  subject: number | null;
  level: number | null;
  source: number | null;
  preferred_days: number[];
  preferred_time: string;
  comment: string;
};
const FIELDS = ['full_name', 'phone', 'extra_phone', 'subject', 'level', 'source', 'preferred_days', 'preferred_time', 'comment'] as const;

/** The centre's half-hour slots, plus a time a lead was given before that is not one of them. */
function timeOptions(current: string) {
  return current && !TIME_OPTIONS.some((o) => o.value === current) ? [{ value: current, label: current }, ...TIME_OPTIONS] : TIME_OPTIONS;
}

function valuesOf(lead: Lead): Values {
  return {
    full_name: lead.full_name,
    phone: formatPhone(lead.phone),
    extra_phone: lead.extra_phone ? formatPhone(lead.extra_phone) : '',
    subject: lead.subject?.id ?? null,
    level: lead.level?.id ?? null,
    source: lead.source?.id ?? null,
    preferred_days: lead.preferred_days,
    preferred_time: lead.preferred_time ? hhmm(lead.preferred_time) : '',
    comment: lead.comment,
  };
}

function bodyOf(v: Values): LeadPatchBody {
  return {
    full_name: v.full_name.trim(),
    phone: phoneToWire(v.phone),
    extra_phone: phoneToWire(v.extra_phone).length > 4 ? phoneToWire(v.extra_phone) : null,
    subject: v.subject,
    level: v.subject === null ? null : v.level,
    source: v.source,
    preferred_days: v.preferred_days,
    preferred_time: v.preferred_time || null,
    comment: v.comment.trim(),
  };
}

/** PATCH /lid/{id} with the lead's own fields; a 400's messages go under their fields. Mounted while open. */
export function LeadEditDialog({ lead, onClose }: { lead: Lead; onClose: () => void }) {
  const { t } = useT();
  return (
    <Dialog open onClose={onClose} title={t('lead_detail.edit.title')} description={t('lead_detail.edit.description')} closeLabel={t('common.actions.close')} maxWidth="600px">
      <LeadEditForm lead={lead} onDone={onClose} />
    </Dialog>
  );
}

function LeadEditForm({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const { t } = useT();
  const { toast } = useActors();
  const refresh = useRefreshLead();
  const daysLabel = useId();
  const groups = usePickableGroups(lead.filial);
  const sources = useMarketingSources();
  // The server's messages per field, until that field changes; the rest above the buttons.
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (values: Values) => updateLead(lead.id, bodyOf(values)),
    onSuccess: async () => {
      toast.send({ type: 'toast.show', severity: 'success', message: 'lead_detail.edit.saved' });
      await refresh(lead.id);
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400 && (error.fields || error.detail)) {
        const fields = error.fields ?? {};
        setServerErrors(fields);
        const rest = Object.entries(fields)
          .filter(([k]) => !(FIELDS as readonly string[]).includes(k))
          .flatMap(([, m]) => m);
        setAlert([error.detail, ...rest].filter(Boolean).join(' ') || null);
      } else setAlert(error instanceof ApiError && error.status === 0 ? t('common.errors.network') : t('lead_detail.edit.failed'));
    },
  });
  const form = useForm({
    defaultValues: valuesOf(lead),
    validators: { onSubmit: ({ value }) => { const r = leadPatchBody.safeParse(bodyOf(value)); return r.success ? undefined : { fields: Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message])) }; } },
    onSubmit: ({ value }) => {
      setAlert(null);
      save.mutate(value);
    },
  });
  const shown = (meta: { isTouched: boolean; errors: readonly unknown[] }, name: string) =>
    firstError(serverErrors[name] ?? [], t) ?? (meta.isTouched || form.state.submissionAttempts > 0 ? firstError(meta.errors, t) : null);
  const forget = (name: string) => setServerErrors(({ [name]: _, ...rest }) => rest);
  const subjects = subjectChoices(groups.data ?? [], lead);

  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="lead-edit-form">
      <div className={formBody}>
        <form.Field name="full_name">
          {(field) => (
            <Field
              label={t('lead_detail.edit.fullName')}
              required
              name="full_name"
              value={field.state.value}
              onBlur={field.handleBlur}
              onChange={(e) => {
                forget('full_name');
                field.handleChange(e.target.value);
              }}
              error={shown(field.state.meta, 'full_name')}
            />
          )}
        </form.Field>
        <div className={twoColumns}>
          <form.Field name="phone">
            {(field) => (
              <PhoneField
                label={t('lead_detail.edit.phone')}
                required
                name="phone"
                value={field.state.value}
                onBlur={field.handleBlur}
                onValueChange={(v) => {
                  forget('phone');
                  field.handleChange(v);
                }}
                error={shown(field.state.meta, 'phone')}
              />
            )}
          </form.Field>
          <form.Field name="extra_phone">
            {(field) => (
              <PhoneField
                label={t('lead_detail.edit.extraPhone')}
                name="extra_phone"
                placeholder="+998"
                emptyValue=""
                value={field.state.value}
                onBlur={field.handleBlur}
                onValueChange={(v) => {
                  forget('extra_phone');
                  field.handleChange(v);
                }}
                error={shown(field.state.meta, 'extra_phone')}
              />
            )}
          </form.Field>
        </div>
        <div className={twoColumns}>
          <form.Field name="subject">
            {(field) => (
              <Select
                label={t('lead_detail.edit.subject')}
                name="subject"
                placeholder={t('lead_detail.edit.any')}
                options={subjects.map((s) => ({ value: s.id, label: s.name }))}
                value={field.state.value ?? ''}
                onChange={(e) => {
                  forget('subject');
                  field.handleChange(e.target.value === '' ? null : Number(e.target.value));
                  form.setFieldValue('level', null);
                }}
                error={shown(field.state.meta, 'subject')}
              />
            )}
          </form.Field>
          <form.Subscribe selector={(s) => s.values.subject}>
            {(subject) => (
              <form.Field name="level">
                {(field) => (
                  <Select
                    label={t('lead_detail.edit.level')}
                    name="level"
                    disabled={subject === null}
                    placeholder={t('lead_detail.edit.any')}
                    options={(subjects.find((s) => s.id === subject)?.levels ?? []).map((l) => ({ value: l.id, label: l.name }))}
                    value={field.state.value ?? ''}
                    onChange={(e) => {
                      forget('level');
                      field.handleChange(e.target.value === '' ? null : Number(e.target.value));
                    }}
                    error={shown(field.state.meta, 'level')}
                  />
                )}
              </form.Field>
            )}
          </form.Subscribe>
        </div>
        <form.Field name="source">
          {(field) => {
            const list = sources.data ?? [];
            const options = list.map((s) => ({ value: s.id, label: s.name }));
            // An archived source stays on its old leads: keep it choosable here.
            if (lead.source && !list.some((s) => s.id === lead.source?.id)) options.push({ value: lead.source.id, label: lead.source.name });
            return (
              <Select
                label={t('lead_detail.edit.source')}
                name="source"
                placeholder={t('lead_detail.edit.any')}
                options={options}
                value={field.state.value ?? ''}
                onChange={(e) => {
                  forget('source');
                  field.handleChange(e.target.value === '' ? null : Number(e.target.value));
                }}
                error={shown(field.state.meta, 'source')}
              />
            );
          }}
        </form.Field>
        <form.Field name="preferred_days">
          {(field) => (
            <div>
              <span id={daysLabel} className={css({ display: 'block', fontSize: 'sm', fontWeight: 'medium', mb: '1.5' })}>
                {t('lead_detail.edit.days')}
              </span>
              <DayChips
                labelId={daysLabel}
                value={field.state.value}
                onChange={(days) => {
                  forget('preferred_days');
                  field.handleChange(days);
                }}
                error={shown(field.state.meta, 'preferred_days')}
              />
            </div>
          )}
        </form.Field>
        <form.Field name="preferred_time">
          {(field) => (
            <Select
              label={t('lead_detail.edit.time')}
              name="preferred_time"
              placeholder={t('lead_detail.edit.any')}
              options={timeOptions(field.state.value)}
              value={field.state.value}
              onChange={(e) => {
                forget('preferred_time');
                field.handleChange(e.target.value);
              }}
              error={shown(field.state.meta, 'preferred_time')}
              className={css({ maxW: { sm: '48' } })}
            />
          )}
        </form.Field>
        <form.Field name="comment">
          {(field) => (
            <TextArea
              label={t('lead_detail.edit.comment')}
              name="comment"
              value={field.state.value}
              onBlur={field.handleBlur}
              onChange={(e) => {
                forget('comment');
                field.handleChange(e.target.value);
              }}
              error={shown(field.state.meta, 'comment')}
            />
          )}
        </form.Field>
        <FormAlert>{alert}</FormAlert>
      </div>
      <div className={dialogFooter}>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('lead_detail.saving') : t('lead_detail.edit.save')}
        </Button>
      </div>
    </form>
  );
}
