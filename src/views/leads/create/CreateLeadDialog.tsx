import { useStore } from '@tanstack/react-form';
import { useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { leadCreateBody, type LeadCreateBody, type LeadDuplicate } from '../../../../contract/leads';
import { useLevels, useSubjectOptions } from '../../../api/catalogue';
import { createLead, useCallOperators, useMarketingSources } from '../../../api/leads';
import { usePhoneCheck } from '../../../api/students';
import { useT } from '../../../i18n';
import { Dialog } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { formBody, twoColumns } from '../../../ui/form/FormAlert';
import { FormFooter } from '../../../ui/form/FormFooter';
import { DaysField } from '../../common/DayChips';
import { TIME_OPTIONS } from '../../common/formParts';
import { SamePhoneWarning } from '../../common/SamePhoneWarning';
import { completePhone, conflictDuplicates, duplicatesOf } from '../../common/samePhone';
import { useWrite } from '../../common/useWrite';

// The contract's own input type, so the same schema validates the form and the request.
type Values = LeadCreateBody;

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
  // Same-phone records the server refused the save for (for the phone it was asked with), and the user's choice.
  const [conflict, setConflict] = useState<{ phone: string; duplicates: LeadDuplicate[] } | null>(null);
  const confirmed = useRef(false);
  const subjects = useSubjectOptions();
  const sources = useMarketingSources();
  const operators = useCallOperators(chooseOperator ? filial : null);
  const write = useWrite(createLead, {
    success: 'leads.create.saved',
    onDone: onSaved,
    messages: { failed: 'leads.create.failed', conflict: 'leads.create.failed' },
    handle: (error) => {
      const same = conflictDuplicates(error);
      if (same) setConflict({ phone: completePhone(form.state.values.phone) ?? '', duplicates: same });
      return same !== null;
    },
  });
  const form = useAppForm({
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
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => {
      const confirm = confirmed.current;
      confirmed.current = false;
      write.submit({ ...value, operator: chooseOperator ? value.operator : null, confirm_duplicate: confirm || undefined }, formApi);
    },
  });
  const subject = useStore(form.store, (s) => s.values.subject);
  const phone = useStore(form.store, (s) => completePhone(s.values.phone));
  const check = usePhoneCheck(phone);
  const duplicates = conflict && conflict.phone === phone ? conflict.duplicates : phone && check.data ? duplicatesOf(check.data) : [];
  const levels = useLevels(subject ?? null);
  const choose = t('leads.create.choose');
  const options = (rows: { id: number; name?: string; full_name?: string }[] | undefined) => (rows ?? []).map((r) => ({ value: r.id, label: r.name ?? r.full_name ?? '' }));

  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="lead-form">
      <div className={formBody}>
        <form.AppField name="full_name">
          {(f) => <f.TextField label="leads.create.fullName" placeholder={t('leads.create.fullNamePlaceholder')} required autoFocus autoComplete="off" />}
        </form.AppField>
        <form.AppField name="phone">{(f) => <f.PhoneField label="leads.create.phone" required />}</form.AppField>
        <SamePhoneWarning
          duplicates={duplicates}
          kind="lead"
          saving={write.submitting}
          testId="lead-duplicates"
          onSaveAnyway={() => {
            // Only this press confirms: a refused validation must not leave the next plain save confirmed.
            confirmed.current = true;
            void form.handleSubmit().finally(() => (confirmed.current = false));
          }}
        />
        <div className={twoColumns}>
          <form.AppField name="subject" listeners={{ onChange: () => form.setFieldValue('level', null) }}>
            {(f) => <f.SelectField label="leads.create.subject" parse={Number} placeholder={choose} options={options(subjects.data)} />}
          </form.AppField>
          <form.AppField name="level">
            {(f) => <f.SelectField label="leads.create.level" parse={Number} placeholder={choose} disabled={!subject} options={options(levels.data)} />}
          </form.AppField>
          <form.AppField name="source">{(f) => <f.SelectField label="leads.create.source" parse={Number} placeholder={choose} options={options(sources.data)} />}</form.AppField>
          {chooseOperator ? (
            <form.AppField name="operator">
              {(f) => <f.SelectField label="leads.create.operator" parse={Number} placeholder={choose} options={options(operators.data)} />}
            </form.AppField>
          ) : null}
        </div>
        <form.AppField name="preferred_days">{(f) => <DaysField field={f} label={t('leads.create.days')} />}</form.AppField>
        <form.AppField name="preferred_time">
          {(f) => <f.SelectField label="leads.create.time" placeholder={choose} options={TIME_OPTIONS} className={css({ maxW: { sm: '50%' } })} />}
        </form.AppField>
        <form.AppField name="comment">{(f) => <f.TextareaField label="leads.create.comment" />}</form.AppField>
      </div>
      <FormFooter write={write} onCancel={onCancel} submitLabel={t('leads.create.save')} submitTestId="lead-save" />
    </form>
  );
}
