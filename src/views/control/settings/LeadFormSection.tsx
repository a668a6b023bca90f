// The branch's "Lead form" on /control/settings (issue 18 §3, the director's): keys of the public lead form made
// (the key is shown once, in the snippet), their allowed origins edited, revoked; and the ready-to-paste HTML.
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { LeadKey } from '../../../../contract/leadCapture';
import { createLeadKey, leadKeysKey, patchLeadKey, revokeLeadKey, useLeadKeys } from '../../../api/leadKeys';
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
  const [filial, setFilial] = useState<number | null>(current ?? branches[0]?.id ?? null);
  const keys = useLeadKeys(filial);
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [origins, setOrigins] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: leadKeysKey(filial) });
  const failed = () => toast.send({ type: 'toast.show', severity: 'error', message: 'control.leadForm.failed' });

  const create = async () => {
    if (!filial) return;
    setError(null);
    try {
      const made = await createLeadKey(filial, { label, origins: originsOf(origins) });
      setCreated(made.key);
      setLabel('');
      setOrigins('');
      await refresh();
    } catch {
      setError(t('control.leadForm.badOrigins'));
    }
  };

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
          <KeyRow key={`${k.id}-${k.origins.join(',')}`} item={k} lang={lang} onSave={(list) => patchLeadKey(filial!, k.id, { origins: list }).then(refresh, failed)} onRevoke={() => revokeLeadKey(filial!, k.id).then(refresh, failed)} />
        ))}
      </ul>
      {keys.data && keys.data.length === 0 ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('control.leadForm.noKeys')}</p> : null}
      <div className={css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', md: '1fr 2fr auto' }, alignItems: 'end' })}>
        <Field label={t('control.leadForm.label')} value={label} maxLength={100} onChange={(e) => setLabel(e.target.value)} data-testid="lead-key-label" />
        <Field label={t('control.leadForm.origins')} value={origins} placeholder="https://example.uz" onChange={(e) => setOrigins(e.target.value)} error={error} data-testid="lead-key-origins" />
        <Button onClick={create} disabled={!filial} data-testid="lead-key-create">
          {t('control.leadForm.create')}
        </Button>
      </div>
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
              failed,
            )
          }
        >
          {t('control.leadForm.copy')}
        </Button>
      </div>
    </section>
  );
}

function KeyRow({ item, lang, onSave, onRevoke }: { item: LeadKey; lang: ReturnType<typeof useT>['lang']; onSave: (origins: string[]) => void; onRevoke: () => void }) {
  const { t } = useT();
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
          <Button variant="outline" onClick={() => onSave(originsOf(origins))}>
            {t('control.leadForm.saveOrigins')}
          </Button>
          <Button variant="danger" onClick={onRevoke} data-testid={`lead-key-revoke-${item.id}`}>
            {t('control.leadForm.revoke')}
          </Button>
        </div>
      )}
    </li>
  );
}
