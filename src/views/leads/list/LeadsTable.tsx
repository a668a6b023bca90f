import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { Lead } from '../../../../contract/leads';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { rowNumber } from '../../../lib/params';
import { formatPhone } from '../../../lib/phoneText';
import { Table, type Column } from '../../../ui/Table';
import { LeadCards } from './LeadCards';
import { LeadStageBadge } from './LeadStageBadge';
import { subjectLevel } from './leadText';

export const leadHref = (lead: Pick<Lead, 'id'>) => `/leads/lead_info?id=${lead.id}`;

const muted = css({ color: 'fg.muted' });
const nowrap = css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

type Props = { leads: readonly Lead[] | undefined; page: number; loading: boolean; emptyText: string; onOpen: (lead: Lead) => void };

/** One page of leads: a table from the tablet up, cards on a phone. */
export function LeadsTable({ leads, page, loading, emptyText, onOpen }: Props) {
  const { t, lang } = useT();
  const none = t('leads.list.none');
  const columns: Column<Lead>[] = [
    { key: 'number', header: t('leads.columns.number'), cell: (_, i) => <span className={muted}>{rowNumber(page, i)}</span>, width: '48px' },
    {
      key: 'name',
      header: t('leads.columns.name'),
      cell: (l) => (
        <Link href={leadHref(l)} onClick={(e) => e.stopPropagation()} className={css({ fontWeight: 'medium', color: 'accent.fg', _hover: { textDecoration: 'underline' } })}>
          {l.full_name}
        </Link>
      ),
    },
    { key: 'phone', header: t('leads.columns.phone'), cell: (l) => <span className={nowrap}>{formatPhone(l.phone)}</span> },
    { key: 'subject', header: t('leads.columns.subject'), cell: (l) => subjectLevel(l) || <span className={muted}>{none}</span> },
    { key: 'source', header: t('leads.columns.source'), cell: (l) => l.source?.name ?? <span className={muted}>{none}</span> },
    { key: 'operator', header: t('leads.columns.operator'), cell: (l) => l.operator?.full_name ?? <span className={muted}>{none}</span> },
    { key: 'stage', header: t('leads.columns.stage'), cell: (l) => <LeadStageBadge stage={l.stage} archived={l.is_archived} /> },
    { key: 'created', header: t('leads.columns.created'), cell: (l) => <span className={nowrap}>{formatDateTime(l.created_at, lang)}</span> },
  ];
  return (
    <>
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table
          columns={columns}
          rows={leads}
          rowKey={(l) => l.id}
          loading={loading}
          loadingText={t('common.loading')}
          emptyText={emptyText}
          onRowClick={onOpen}
          label={t('leads.title')}
          testId="leads-table"
        />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        <LeadCards leads={leads} page={page} loading={loading} emptyText={emptyText} onOpen={onOpen} />
      </div>
    </>
  );
}
