// The branch's "Lead form" on /control/settings (issue 18 §3, the director's): keys of the public lead form made
// (the key is shown once, in the snippet), their allowed origins edited, revoked; and the ready-to-paste HTML.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { LeadKey } from '../../../../contract/leadCapture';
import { createLeadKey, patchLeadKey, revokeLeadKey, useLeadKeys } from '../../../api/leadKeys';
import { useActors } from '../../../app/hooks';
import { useCurrentBranch } from '../../../app/useBranch';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { connectBranch } from '../../../machines/branch';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Select } from '../../../ui/Select';
import { TextArea } from '../../../ui/TextArea';
import { useWrite } from '../../common/useWrite';
import { leadFormSnippet } from './leadFormSnippet';

const panel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '4', display: 'grid', gap: '3', mt: '4' });
const PLACEHOLDER_KEY = 'YOUR-LEAD-KEY';

/** Origins typed one per line or separated by commas. */
const originsOf = (text: string) => text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);

export function LeadFormSection() {
  const { t, lang } = useT();
  const { branch, toast } = useActors();
  const branches = useSelector(branch, (s) => connectBranch(s).branchOptions);
  const current = useCurrentBranch();
  // The branches may arrive after the first render (a reload): until one is picked, the current or first one.
  const [picked, setFilial] = useState<number | null>(null);
  const filial = picked ?? current ?? branches[0]?.id ?? null;
  const keys = useLeadKeys(filial);
  const [label, setLabel] = useState('');
  const [origins, setOrigins] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const create = useWrite((body: { filial: number; label: string; origins: string[] }, key: string) => createLeadKey(body.filial, { label: body.label, origins: body.origins }, key), {
    onDone: (made) => {
      setCreated(made.key);
      setLabel('');
      setOrigins('');
    },
    repeatable: true,
  });
  // The server names the refused origin by its place in the list (`origins.0`).
  const originsError = Object.entries(create.fieldErrors).find(([field]) => field === 'origins' || field.startsWith('origins.'))?.[1] ?? null;

  const snippet = leadFormSnippet(`${window.location.origin}/api/public/leads/`, created ?? PLACEHOLDER_KEY, {
    name: t('control.leadForm.form.name'),
    phone: t('control.leadForm.form.phone'),
    subject: t('control.leadForm.form.subject'),
    comment: t('control.leadForm.form.comment'),
    send: t('control.leadForm.form.send'),
    thanks: t('control.leadForm.form.thanks'),
    failed: t('control.leadForm.form.failed'),
  });

  return (
    <section className={panel} data-testid="lead-form">
      <h2 className={css({ fontWeight: 'semibold' })}>{t('control.leadForm.title')}</h2>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('control.leadForm.hint')}</p>
      <div className={css({ maxW: '320px' })}>
        <Select
          label={t('control.leadForm.branch')}
          name="lead-form-filial"
          value={filial ? String(filial) : ''}
          onChange={(e) => {
            setFilial(e.target.value ? Number(e.target.value) : null);
            setCreated(null);
          }}
          options={branches.map((b) => ({ value: String(b.id), label: b.name }))}
        />
      </div>
      {keys.isError ? <p role="alert">{t('control.loadFailed')}</p> : null}
      <ul className={css({ display: 'grid', gap: '2' })}>
        {(keys.data ?? []).map((k) => (
          <KeyRow key={`${k.id}-${k.origins.join(',')}`} item={k} lang={lang} filial={filial!} />
        ))}
      </ul>
      {keys.data && keys.data.length === 0 ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('control.leadForm.noKeys')}</p> : null}
      <div className={css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', md: '1fr 2fr auto' }, alignItems: 'end' })}>
        <Field label={t('control.leadForm.label')} value={label} maxLength={100} onChange={(e) => setLabel(e.target.value)} data-testid="lead-key-label" />
        <Field
          label={t('control.leadForm.origins')}
          value={origins}
          placeholder="https://example.uz"
          onChange={(e) => {
            setOrigins(e.target.value);
            create.edit('origins');
          }}
          error={originsError}
          data-testid="lead-key-origins"
        />
        <Button onClick={() => filial && create.submit({ filial, label, origins: originsOf(origins) })} disabled={!filial || create.submitting} data-testid="lead-key-create">
          {t('control.leadForm.create')}
        </Button>
      </div>
      {create.message && !originsError ? (
        <p role="alert" className={css({ fontSize: 'sm', color: 'danger.default' })}>
          {create.message}
        </p>
      ) : null}
      {created ? (
        <p role="status" className={css({ fontSize: 'sm' })} data-testid="lead-key-created">
          {t('control.leadForm.shownOnce')} <code translate="no">{created}</code>
        </p>
      ) : null}
      <TextArea label={t('control.leadForm.snippet')} value={snippet} readOnly rows={12} data-testid="lead-form-snippet" className={css({ fontFamily: 'mono' })} />
      <div>
        <Button
          variant="outline"
          data-testid="lead-form-copy"
          onClick={() =>
            navigator.clipboard.writeText(snippet).then(
              () => toast.send({ type: 'toast.show', severity: 'success', message: 'control.leadForm.copied' }),
              () => toast.send({ type: 'toast.show', severity: 'error', message: 'control.leadForm.failed' }),
            )
          }
        >
          {t('control.leadForm.copy')}
        </Button>
      </div>
    </section>
  );
}

function KeyRow({ item, lang, filial }: { item: LeadKey; lang: ReturnType<typeof useT>['lang']; filial: number }) {
  const { t } = useT();
  const save = useWrite((list: string[], key: string) => patchLeadKey(filial, item.id, { origins: list }, key), { success: 'control.leadForm.saved', failureToast: 'control.leadForm.failed', repeatable: true });
  const revoke = useWrite((_: null, key: string) => revokeLeadKey(filial, item.id, key), { failureToast: 'control.leadForm.failed', repeatable: true });
  const [origins, setOrigins] = useState(item.origins.join('\n'));
  const revoked = item.revoked_at !== null;
  return (
    <li className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3', display: 'grid', gap: '2' })} data-testid={`lead-key-${item.id}`}>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
        <span className={css({ fontWeight: 'medium' })}>{item.label || `#${item.id}`}</span>
        <Badge tone={revoked ? 'neutral' : 'accent'}>{revoked ? t('control.leadForm.revoked') : t('control.leadForm.active')}</Badge>
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t('control.leadForm.created')}: {formatDateTime(item.created_at, lang)} · {t('control.leadForm.lastUsed')}: {item.last_used_at ? formatDateTime(item.last_used_at, lang) : '—'}
        </span>
      </div>
      {revoked ? null : (
        <div className={css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', md: '1fr auto auto' }, alignItems: 'end' })}>
          <TextArea label={t('control.leadForm.origins')} rows={2} value={origins} onChange={(e) => setOrigins(e.target.value)} />
          <Button variant="outline" onClick={() => save.submit(originsOf(origins))} disabled={save.submitting}>
            {t('control.leadForm.saveOrigins')}
          </Button>
          <Button variant="danger" onClick={() => revoke.submit(null)} disabled={revoke.submitting} data-testid={`lead-key-revoke-${item.id}`}>
            {t('control.leadForm.revoke')}
          </Button>
        </div>
      )}
    </li>
  );
}
