import { css } from 'styled-system/css';
import type { ShopPurchase } from '../../../contract/shop';
import { useShopPurchases } from '../../api/shop';
import { currentLang, useT } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { Table, type Column } from '../../ui/Table';
import { ListPagination } from '../common/ListPagination';
import { formatCoins } from '../common/coins/coinsText';

const cards = css({ display: 'grid', gap: '2' });
const card = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1', fontSize: 'sm' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });
const spent = css({ color: 'danger.default', fontWeight: 'semibold', whiteSpace: 'nowrap' });

/** The branch's purchases, newest first: a table on wide screens, cards on a phone. */
export function ShopPurchases({ filial, page, onPage }: { filial: number; page: number; onPage: (page: number) => void }) {
  const { t } = useT();
  const lang = currentLang();
  const purchases = useShopPurchases(filial, page);
  const rows = purchases.data?.results;
  const columns: Column<ShopPurchase>[] = [
    { key: 'date', header: t('shop.columns.date'), cell: (r) => formatDateTime(r.created_at, lang), width: '160px' },
    { key: 'student', header: t('shop.columns.student'), cell: (r) => <span className={css({ fontWeight: 'medium' })}>{r.student.name}</span> },
    { key: 'item', header: t('shop.columns.item'), cell: (r) => r.item.name },
    { key: 'quantity', header: t('shop.columns.quantity'), cell: (r) => r.quantity, numeric: true },
    { key: 'coins', header: t('shop.columns.total'), cell: (r) => <span className={spent}>{formatCoins(-r.coins)}</span>, numeric: true },
    { key: 'author', header: t('shop.columns.author'), cell: (r) => r.author.name },
  ];
  return (
    <div>
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table columns={columns} rows={rows} rowKey={(r) => r.id} loading={purchases.isLoading} loadingText={t('shop.loading')} emptyText={t('shop.emptyPurchases')} label={t('shop.tabs.purchases')} testId="shop-purchases-table" />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        {!rows || rows.length === 0 ? (
          <p className={message}>{purchases.isLoading ? t('shop.loading') : t('shop.emptyPurchases')}</p>
        ) : (
          <ul className={cards} aria-label={t('shop.tabs.purchases')}>
            {rows.map((p) => (
              <li key={p.id} className={card}>
                <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
                  <span className={css({ fontWeight: 'semibold' })}>{p.student.name}</span>
                  <span className={spent}>{formatCoins(-p.coins)}</span>
                </div>
                <span>
                  {p.item.name} × {p.quantity}
                </span>
                <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
                  {formatDateTime(p.created_at, lang)} · {p.author.name}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ListPagination page={page} count={purchases.data?.count} onChange={onPage} />
    </div>
  );
}
