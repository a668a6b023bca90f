import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { AuditLogEntry } from '../../../../contract/auditLog';
import { useActorOptions, useAuditLog } from '../../../api/control';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { Button } from '../../../ui/Button';
import { DateField } from '../../../ui/DateField';
import { Field } from '../../../ui/Field';
import { PageHeader } from '../../../ui/PageHeader';
import { Select } from '../../../ui/Select';
import { ListPagination } from '../../common/ListPagination';
import { useQueryParams } from '../../common/useQueryParams';
import { ACTION_PREFIXES, LOG_PAGE_SIZE, changedKeys, logQueryFromParams, prettyJson } from './logFilters';

const filterBar = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(5, minmax(0, 1fr)) auto' }, alignItems: 'end', mb: '4' });
const th = css({ textAlign: 'start', px: '3', py: '2', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', bg: 'bg.subtle', borderBottomWidth: '1px', borderColor: 'border.default' });
const td = css({ px: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.default', fontSize: 'sm', verticalAlign: 'top' });
const pre = css({ fontFamily: 'mono', fontSize: 'xs', whiteSpace: 'pre-wrap', wordBreak: 'break-word', bg: 'bg.subtle', borderRadius: 'control', p: '2', m: '0', maxH: '320px', overflow: 'auto' });
// Action and object codes are identifiers (the action filter takes them), not words: marked translate="no".
const code = css({ fontFamily: 'mono', fontSize: 'xs' });

/** /control/logs: the audit log, newest first; filters (actor, action, object id, dates) live in the query. */
export default function LogsPage() {
  const { t } = useT();
  const [params, setParams] = useQueryParams();
  const query = logQueryFromParams(params);
  const logs = useAuditLog(query);
  const actors = useActorOptions();
  const set = (key: string, value: string) => setParams({ [key]: value || null, page: null });
  const rows = logs.data?.results;

  return (
    <div>
      <PageHeader title={t('control.logs.title')} subtitle={t('control.logs.subtitle')} />
      <div className={filterBar} data-testid="log-filters">
        <Select
          label={t('control.logs.actor')}
          name="actor"
          value={query.actor ? String(query.actor) : ''}
          placeholder={t('control.logs.anyone')}
          onChange={(e) => set('actor', e.target.value)}
          options={(actors.data ?? []).map((a) => ({ value: String(a.id), label: a.full_name }))}
        />
        <Field label={t('control.logs.action')} name="action" list="log-actions" placeholder="finance_entry." defaultValue={query.action ?? ''} key={`a-${query.action ?? ''}`} onBlur={(e) => set('action', e.target.value.trim())} onKeyDown={(e) => e.key === 'Enter' && set('action', e.currentTarget.value.trim())} />
        <datalist id="log-actions">
          {ACTION_PREFIXES.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
        <Field label={t('control.logs.objectId')} name="object_id" defaultValue={query.object_id ?? ''} key={`o-${query.object_id ?? ''}`} onBlur={(e) => set('object_id', e.target.value.trim())} onKeyDown={(e) => e.key === 'Enter' && set('object_id', e.currentTarget.value.trim())} />
        <DateField label={t('control.logs.from')} name="start_date" value={query.start_date ?? ''} onChange={(day) => set('start_date', day)} />
        <DateField label={t('control.logs.to')} name="end_date" value={query.end_date ?? ''} onChange={(day) => set('end_date', day)} />
        <Button variant="outline" onClick={() => setParams({ actor: null, action: null, object_id: null, start_date: null, end_date: null, page: null })}>
          {t('control.logs.clear')}
        </Button>
      </div>
      {logs.isError ? <p role="alert" className={css({ color: 'danger.default', mb: '3' })}>{t('control.loadFailed')}</p> : null}
      {rows && rows.length === 0 ? <p className={css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' })}>{t('control.logs.empty')}</p> : null}
      {!rows && logs.isLoading ? <p className={css({ color: 'fg.muted' })}>{t('control.loading')}</p> : null}
      {rows && rows.length > 0 ? (
        <>
          <div className={css({ display: { base: 'none', md: 'block' }, bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', overflowX: 'auto' })}>
            <table className={css({ w: 'full', borderCollapse: 'collapse' })} data-testid="logs-table">
              <thead>
                <tr>
                  <th className={th} style={{ width: '2rem' }}>
                    <span className={css({ srOnly: true })}>{t('control.logs.details')}</span>
                  </th>
                  <th className={th}>{t('control.logs.when')}</th>
                  <th className={th}>{t('control.logs.actor')}</th>
                  <th className={th}>{t('control.logs.action')}</th>
                  <th className={th}>{t('control.logs.object')}</th>
                  <th className={th}>{t('control.logs.changes')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <LogRow key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          </div>
          <ul className={css({ display: { base: 'grid', md: 'none' }, gap: '2' })} data-testid="logs-cards">
            {rows.map((row) => (
              <LogCard key={row.id} row={row} />
            ))}
          </ul>
        </>
      ) : null}
      <ListPagination page={query.page} count={logs.data?.count} pageSize={LOG_PAGE_SIZE} onChange={(p) => setParams({ page: p > 1 ? p : null })} />
    </div>
  );
}

function summary(row: AuditLogEntry): string {
  return changedKeys(row.before, row.after).join(', ');
}

function Details({ row }: { row: AuditLogEntry }) {
  const { t } = useT();
  return (
    <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })} data-testid={`log-details-${row.id}`}>
      <div>
        <div className={css({ fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', mb: '1' })}>{t('control.logs.before')}</div>
        <pre className={pre}>{prettyJson(row.before) || '—'}</pre>
      </div>
      <div>
        <div className={css({ fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', mb: '1' })}>{t('control.logs.after')}</div>
        <pre className={pre}>{prettyJson(row.after) || '—'}</pre>
      </div>
    </div>
  );
}

function LogRow({ row }: { row: AuditLogEntry }) {
  const { t, lang } = useT();
  const [open, setOpen] = useState(false);
  const hasData = row.before != null || row.after != null;
  return (
    <>
      <tr data-testid={`log-row-${row.id}`}>
        <td className={td}>
          {hasData ? (
            <button type="button" aria-expanded={open} aria-label={t('control.logs.details')} onClick={() => setOpen(!open)} className={css({ cursor: 'pointer', color: 'fg.muted', display: 'flex' })} data-testid={`log-toggle-${row.id}`}>
              {open ? <ChevronDown size={16} /> : <ChevronRight size={16} />}
            </button>
          ) : null}
        </td>
        <td className={td} style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at, lang)}</td>
        <td className={td}>{row.actor?.full_name ?? t('control.logs.system')}</td>
        <td className={td}>
          <span className={code} translate="no">{row.action}</span>
        </td>
        <td className={td}>
          <span className={code} translate="no">
            {row.entity}
            {row.object_id ? ` #${row.object_id}` : ''}
          </span>
        </td>
        <td className={td}>
          {/* The keys of the record's JSON that changed (as the details show them): identifiers, not words. */}
          <span className={`${code} ${css({ color: 'fg.muted' })}`} translate="no">
            {summary(row)}
          </span>
        </td>
      </tr>
      {open ? (
        <tr>
          <td className={td} colSpan={6}>
            <Details row={row} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function LogCard({ row }: { row: AuditLogEntry }) {
  const { t, lang } = useT();
  const [open, setOpen] = useState(false);
  const hasData = row.before != null || row.after != null;
  return (
    <li className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1' })}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', fontSize: 'sm' })}>
        <span className={code} translate="no">{row.action}</span>
        <span className={css({ color: 'fg.muted', whiteSpace: 'nowrap' })}>{formatDateTime(row.created_at, lang)}</span>
      </div>
      <div className={css({ fontSize: 'sm' })}>
        {row.actor?.full_name ?? t('control.logs.system')} ·{' '}
        <span className={code} translate="no">
          {row.entity}
          {row.object_id ? ` #${row.object_id}` : ''}
        </span>
      </div>
      {hasData ? (
        <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('control.logs.hide') : t('control.logs.show')}
        </Button>
      ) : null}
      {open ? <Details row={row} /> : null}
    </li>
  );
}
