import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { DAILY_LIMIT_MAX, FEE_REMINDER_DAYS_MAX, MESSAGE_LANGUAGES, type MessageSettings, type MessageSettingsBody } from '../../../../contract/parentMessagesApi';
import { gsmFriendly, smsLength } from '../../../../contract/smsText';
import { saveMessageSettings, useMessageSettings } from '../../../api/parentMessages';
import { useActors } from '../../../app/hooks';
import { useCurrentBranch } from '../../../app/useBranch';
import { useT } from '../../../i18n';
import { connectBranch } from '../../../machines/branch';
import { PageHeader } from '../../../ui/PageHeader';
import { Select } from '../../../ui/Select';
import { submitWith, useAppForm } from '../../../ui/form';
import { FormFooter } from '../../../ui/form/FormFooter';
import { useWrite } from '../../common/useWrite';
import { bodyOf, formSchema, valuesOf } from './messageSettingsForm';

const panel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '4', display: 'grid', gap: '3' });

/** /control/messages/settings: which events send a message to parents in a branch, their templates and limits. */
export default function MessageSettingsPage() {
  const { t } = useT();
  const { branch } = useActors();
  const branches = useSelector(branch, (s) => connectBranch(s).branchOptions);
  const current = useCurrentBranch();
  // The branches may arrive after the first render (a reload): until a branch is picked, the current or first one.
  const [picked, setFilial] = useState<number | null>(null);
  const filial = picked ?? current ?? branches[0]?.id ?? null;
  const settings = useMessageSettings(filial);
  return (
    <div>
      <PageHeader title={t('parent_messages.settings.title')} subtitle={t('parent_messages.settings.subtitle')} />
      <div className={css({ maxW: '320px', mb: '4' })}>
        <Select
          label={t('parent_messages.filters.branch')}
          name="filial"
          value={filial ? String(filial) : ''}
          onChange={(e) => setFilial(e.target.value ? Number(e.target.value) : null)}
          options={branches.map((b) => ({ value: String(b.id), label: b.name }))}
        />
      </div>
      {settings.isError ? <p role="alert" className={css({ color: 'danger.default' })}>{t('parent_messages.loadFailed')}</p> : null}
      {settings.data && filial ? <SettingsForm key={`${filial}-${settings.dataUpdatedAt}`} filial={filial} settings={settings.data} /> : null}
    </div>
  );
}

function SettingsForm({ filial, settings }: { filial: number; settings: MessageSettings }) {
  const { t } = useT();
  const write = useWrite((body: MessageSettingsBody, key: string) => saveMessageSettings(body, key), { success: 'parent_messages.settings.saved', repeatable: true });
  const form = useAppForm({
    defaultValues: valuesOf(settings),
    validators: { onChange: formSchema, onSubmit: formSchema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(bodyOf(filial, settings, value), formApi),
  });
  return (
    <form noValidate onSubmit={submitWith(form)} className={css({ display: 'grid', gap: '4' })} data-testid="message-settings-form">
      <section className={panel}>
        <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' } })}>
          <form.AppField name="language">
            {(f) => <f.SelectField label="parent_messages.settings.language" options={MESSAGE_LANGUAGES.map((l) => ({ value: l, label: t(`parent_messages.language.${l}`) }))} />}
          </form.AppField>
          <form.AppField name="fee_reminder_days">{(f) => <f.NumberField label="parent_messages.settings.feeReminderDays" min={1} max={FEE_REMINDER_DAYS_MAX} />}</form.AppField>
          <form.AppField name="daily_limit">{(f) => <f.NumberField label="parent_messages.settings.dailyLimit" min={0} max={DAILY_LIMIT_MAX} />}</form.AppField>
        </div>
      </section>
      {settings.events.map((e) => (
        <section key={e.event} className={panel} data-testid={`message-event-${e.event}`}>
          <form.Field name={`events.${e.event}.enabled`}>
            {(field) => (
              <label className={css({ display: 'flex', gap: '2', alignItems: 'center', fontWeight: 'semibold', cursor: 'pointer' })}>
                <input type="checkbox" checked={Boolean(field.state.value)} onChange={(ev) => field.handleChange(ev.target.checked)} data-testid={`message-enabled-${e.event}`} />
                {t(`parent_messages.event.${e.event}`)}
              </label>
            )}
          </form.Field>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {t('parent_messages.settings.placeholders')}{' '}
            <span translate="no" className={css({ fontFamily: 'mono' })}>
              {e.placeholders.map((p) => `{${p}}`).join(' ')}
            </span>
          </p>
          {MESSAGE_LANGUAGES.map((lang) => (
            <div key={lang}>
              <form.AppField name={`events.${e.event}.template_${lang}`}>
                {(f) => <f.TextareaField label={`parent_messages.settings.template_${lang}`} rows={3} data-testid={`message-template-${e.event}-${lang}`} />}
              </form.AppField>
              <form.Subscribe selector={(st) => st.values.events[e.event][`template_${lang}`]}>
                {(text) => <TemplateLength text={text} testId={`message-length-${e.event}-${lang}`} />}
              </form.Subscribe>
            </div>
          ))}
        </section>
      ))}
      <FormFooter write={write} onCancel={() => form.reset()} cancelLabel={t('parent_messages.settings.reset')} submitLabel={t('parent_messages.settings.save')} submitTestId="message-settings-save" />
    </form>
  );
}

/** The template's length and SMS parts as typed (as the sender will send it: look-alike letters replaced). */
function TemplateLength({ text, testId }: { text: string; testId: string }) {
  const { t } = useT();
  const length = smsLength(gsmFriendly(text));
  return (
    <p className={css({ fontSize: 'xs', color: length.encoding === 'ucs2' ? 'danger.default' : 'fg.muted', mt: '1' })} data-testid={testId}>
      {t('parent_messages.settings.length', { units: length.units, parts: length.parts, perPart: length.perPart })}
      {length.encoding === 'ucs2' ? ` · ${t('parent_messages.settings.unicode')}` : ''}
    </p>
  );
}
