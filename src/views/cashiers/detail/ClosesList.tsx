import { css } from 'styled-system/css';
import type { ShiftClose } from '../../../../contract/finance';
import { useShiftCloses } from '../../../api/finance';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { rowNumber } from '../../../lib/params';
import { Table, type Column } from '../../../ui/Table';
import { ListPagination } from '../../common/ListPagination';
import { Money } from '../../finance/ledger/Money';

/** GET /finance/casher/{id}/closes/: every shift close with what the ledger expected, what was counted, the difference. */
export function ClosesList({ cashier, page, onPage }: { cashier: number; page: number; onPage: (page: number) => void }) {
  const { t, lang } = useT();
  const closes = useShiftCloses(cashier, page);
  const columns: Column<ShiftClose>[] = [
    { key: 'number', header: t('finance.entries.columns.number'), cell: (_, i) => rowNumber(page, i), width: '48px' },
    { key: 'date', header: t('finance.entries.columns.date'), cell: (c) => <span className={css({ whiteSpace: 'nowrap' })}>{formatDateTime(c.created_at, lang)}</span> },
    { key: 'expected', header: t('cashiers.close.expected'), numeric: true, cell: (c) => <Money value={c.expected} plain /> },
    { key: 'counted', header: t('cashiers.close.counted'), numeric: true, cell: (c) => <Money value={c.counted} plain /> },
    { key: 'difference', header: t('cashiers.close.difference'), numeric: true, cell: (c) => <Money value={c.difference} /> },
    { key: 'author', header: t('finance.entries.columns.author'), cell: (c) => <span className={css({ fontSize: 'xs' })}>{c.author.full_name}</span> },
    { key: 'comment', header: t('finance.entries.columns.comment'), cell: (c) => <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{c.comment}</span> },
  ];
  return (
    <div>
      <Table
        columns={columns}
        rows={closes.data?.results}
        rowKey={(c) => c.id}
        loading={closes.isLoading}
        loadingText={t('cashiers.loading')}
        emptyText={closes.isError ? t('cashiers.close.loadFailed') : t('cashiers.close.empty')}
        label={t('cashiers.tabs.closes')}
        testId="closes-table"
      />
      <ListPagination page={page} count={closes.data?.count} onChange={onPage} />
    </div>
  );
}
