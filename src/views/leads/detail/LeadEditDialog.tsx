import { css } from 'styled-system/css';
import { leadPatchBody, type Lead, type LeadPatchBody } from '../../../../contract/leads';
import { hhmm } from '../../../../contract/schedule';
import { usePickableGroups } from '../../../api/groupDetail';
import { updateLead, useMarketingSources, useRefreshLead } from '../../../api/leadDetail';
import { useT } from '../../../i18n';
import { phoneToWire } from '../../../lib/phone';
import { formatPhone } from '../../../lib/phoneText';
import { Dialog } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { formBody, twoColumns } from '../../../ui/form/FormAlert';
import { FormFooter } from '../../../ui/form/FormFooter';
import { DaysField } from '../../common/DayChips';
import { TIME_OPTIONS } from '../../common/formParts';
import { useWrite } from '../../common/useWrite';
import { subjectChoices } from './subjectChoices';

type Values = {
  full_name: string;
  phone: string;
  extra_phone: string;
  subject: number | null;
  level: number | null;
  source: number | null;
  preferred_days: number[];
  preferred_time: string | null;
  comment: string;
};

/** The centre's half-hour slots, plus a time a lead was given before that is not one of them. */
function timeOptions(current: string | null) {
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

/** The form's check is the contract's, on the body it would send; its messages go under their fields. */
function checkBody({ value }: { value: Values }) {
  const r = leadPatchBody.safeParse(bodyOf(value));
  return r.success ? undefined : { fields: Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message])) };
}

function LeadEditForm({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const { t } = useT();
  const refresh = useRefreshLead();
  const groups = usePickableGroups(lead.filial);
  const sources = useMarketingSources();
  const write = useWrite((body: LeadPatchBody) => updateLead(lead.id, body), {
    success: 'lead_detail.edit.saved',
    onDone: () => void refresh(lead.id).then(onDone),
    messages: { failed: 'lead_detail.edit.failed', conflict: 'lead_detail.edit.failed' },
  });
  const form = useAppForm({
    defaultValues: valuesOf(lead),
    validators: { onSubmit: checkBody },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(bodyOf(value), formApi),
  });
  const subjects = subjectChoices(groups.data ?? [], lead);
  const any = t('lead_detail.edit.any');
  const sourceOptions = (sources.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  // An archived source stays on its old leads: keep it choosable here.
  if (lead.source && !sourceOptions.some((s) => s.value === lead.source?.id)) sourceOptions.push({ value: lead.source.id, label: lead.source.name });

  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="lead-edit-form">
      <div className={formBody}>
        <form.AppField name="full_name">{(f) => <f.TextField label="lead_detail.edit.fullName" required />}</form.AppField>
        <div className={twoColumns}>
          <form.AppField name="phone">{(f) => <f.PhoneField label="lead_detail.edit.phone" required />}</form.AppField>
          <form.AppField name="extra_phone">{(f) => <f.PhoneField label="lead_detail.edit.extraPhone" placeholder="+998" emptyValue="" />}</form.AppField>
        </div>
        <div className={twoColumns}>
          <form.AppField name="subject" listeners={{ onChange: () => form.setFieldValue('level', null) }}>
            {(f) => <f.SelectField label="lead_detail.edit.subject" parse={Number} placeholder={any} options={subjects.map((s) => ({ value: s.id, label: s.name }))} />}
          </form.AppField>
          <form.Subscribe selector={(s) => s.values.subject}>
            {(subject) => (
              <form.AppField name="level">
                {(f) => (
                  <f.SelectField
                    label="lead_detail.edit.level"
                    parse={Number}
                    disabled={subject === null}
                    placeholder={any}
                    options={(subjects.find((s) => s.id === subject)?.levels ?? []).map((l) => ({ value: l.id, label: l.name }))}
                  />
                )}
              </form.AppField>
            )}
          </form.Subscribe>
        </div>
        <form.AppField name="source">{(f) => <f.SelectField label="lead_detail.edit.source" parse={Number} placeholder={any} options={sourceOptions} />}</form.AppField>
        <form.AppField name="preferred_days">{(f) => <DaysField field={f} label={t('lead_detail.edit.days')} />}</form.AppField>
        <form.AppField name="preferred_time">
          {(f) => <f.SelectField label="lead_detail.edit.time" placeholder={any} options={timeOptions(f.state.value)} className={css({ maxW: { sm: '48' } })} />}
        </form.AppField>
        <form.AppField name="comment">{(f) => <f.TextareaField label="lead_detail.edit.comment" />}</form.AppField>
      </div>
      <FormFooter write={write} onCancel={onDone} submitLabel={t('lead_detail.edit.save')} />
    </form>
  );
}
