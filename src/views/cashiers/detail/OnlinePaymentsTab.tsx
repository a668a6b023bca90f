// The reconciliation tab of an online desk ("Payme", "Click"): each provider transaction of the period beside the
// ledger entries it booked and reversed, and what does not agree (a performed transaction without entries, money on
// the desk no transaction booked, a booked sum other than the transaction's, a cancel whose entries still stand).
import { css } from 'styled-system/css';
import type { Cashier } from '../../../../contract/finance';
import { type ReconciliationRow, useReconciliation } from '../../../api/payments';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { Badge } from '../../../ui/Badge';
import { Table, type Column } from '../../../ui/Table';
import { Money } from '../../common/money/Money';

const summary = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mb: '3', fontSize: 'sm' });
const small = css({ fontSize: 'xs', color: 'fg.muted' });

export function OnlinePaymentsTab({ cashier, range }: { cashier: Cashier; range: { start_date?: string; end_date?: string } }) {
  const { t, lang } = useT();
  const report = useReconciliation({ provider: cashier.provider ?? undefined, filial: cashier.filial, ...range });
  const rows = report.data?.results;
  const columns: Column<ReconciliationRow>[] = [
    {
      key: 'date',
      header: t('finance.entries.columns.date'),
      cell: (r) => <span className={css({ whiteSpace: 'nowrap' })}>{formatDateTime(r.payment?.created_at ?? r.entries[0].created_at, lang)}</span>,
    },
    {
      key: 'transaction',
      header: t('cashiers.online.transaction'),
      cell: (r) =>
        r.payment ? (
          <div>
            <div className={css({ fontFamily: 'mono', fontSize: 'xs', overflowWrap: 'anywhere' })}>{r.payment.provider_id}</div>
            <div className={small}>{t(`cashiers.online.states.${r.payment.state}`)}</div>
          </div>
        ) : (
          <span className={small}>{t('cashiers.online.noTransaction')}</span>
        ),
    },
    { key: 'student', header: t('cashiers.online.student'), cell: (r) => r.payment?.student.full_name ?? '' },
    { key: 'amount', header: t('cashiers.online.amount'), numeric: true, cell: (r) => (r.payment ? <Money value={r.payment.amount} plain /> : null) },
    { key: 'booked', header: t('cashiers.online.booked'), numeric: true, cell: (r) => <Money value={r.booked} plain /> },
    { key: 'entries', header: t('cashiers.online.entries'), cell: (r) => <span className={small}>{r.entries.map((e) => `#${e.id}`).join(', ')}</span> },
    {
      key: 'check',
      header: t('cashiers.online.check'),
      cell: (r) =>
        r.problems.length ? (
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })}>
            {r.problems.map((p) => (
              <Badge key={p} tone="danger">
                {t(`cashiers.online.problems.${p}`)}
              </Badge>
            ))}
          </div>
        ) : (
          <Badge tone="success">{t('cashiers.online.agrees')}</Badge>
        ),
    },
  ];
  return (
    <div data-testid="online-reconciliation">
      {report.data ? (
        <p className={summary} data-testid="online-mismatches">
          {report.data.mismatches ? <Badge tone="danger">{t('cashiers.online.mismatches', { count: report.data.mismatches })}</Badge> : <Badge tone="success">{t('cashiers.online.allAgree')}</Badge>}
        </p>
      ) : null}
      <div className={css({ overflowX: 'auto' })}>
        <Table
          columns={columns}
          rows={rows}
          rowKey={(r) => (r.payment ? `p${r.payment.id}` : `e${r.entries[0].id}`)}
          loading={report.isLoading}
          loadingText={t('cashiers.loading')}
          emptyText={report.isError ? t('cashiers.online.loadFailed') : t('cashiers.online.empty')}
          label={t('cashiers.tabs.online')}
          testId="online-table"
        />
      </div>
    </div>
  );
}
