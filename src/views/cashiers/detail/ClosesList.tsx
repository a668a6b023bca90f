import { css } from 'styled-system/css';
import type { ShiftClose } from '../../../../contract/finance';
import { useShiftCloses } from '../../../api/finance';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { rowNumber } from '../../../lib/params';
import { Table, type Column } from '../../../ui/Table';
import { ListPagination } from '../../common/ListPagination';
import { Money } from '../../common/money/Money';

const card = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

/** GET /finance/casher/{id}/closes/: every shift close with what the ledger expected, what was counted, the difference. */
export function ClosesList({ cashier, page, onPage }: { cashier: number; page: number; onPage: (page: number) => void }) {
  const { t, lang } = useT();
  const closes = useShiftCloses(cashier, page);
  const rows = closes.data?.results;
  const empty = closes.isError ? t('cashiers.close.loadFailed') : t('cashiers.close.empty');
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
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table
          columns={columns}
          rows={rows}
          rowKey={(c) => c.id}
          loading={closes.isLoading}
          loadingText={t('cashiers.loading')}
          emptyText={empty}
          label={t('cashiers.tabs.closes')}
          testId="closes-table"
        />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        {!rows || rows.length === 0 ? (
          <p className={message}>{!rows && closes.isLoading ? t('cashiers.loading') : empty}</p>
        ) : (
          <ul className={css({ display: 'grid', gap: '2' })} aria-label={t('cashiers.tabs.closes')}>
            {rows.map((c) => (
              <li key={c.id} className={card} data-row-id={c.id}>
                <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
                  <span>{formatDateTime(c.created_at, lang)}</span>
                  <Money value={c.difference} />
                </div>
                <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
                  {t('cashiers.close.expected')}: {formatMoney(c.expected)} · {t('cashiers.close.counted')}: {formatMoney(c.counted)} ·{' '}
                  {c.author.full_name}
                  {c.comment ? ` · ${c.comment}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ListPagination page={page} count={closes.data?.count} onChange={onPage} />
    </div>
  );
}
