import { Archive, ArchiveRestore, Pencil, ShoppingBag } from 'lucide-react';
import { css } from 'styled-system/css';
import type { ShopItem } from '../../../contract/shop';
import { useShopItems } from '../../api/shop';
import { useT } from '../../i18n';
import { rowNumber } from '../../lib/params';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Table, type Column } from '../../ui/Table';
import { ListPagination } from '../common/ListPagination';
import { formatCoins } from '../common/coins/coinsText';

/** What an item row can do; the page owns the dialogs. */
export type ItemActions = { sell: (item: ShopItem) => void; edit: (item: ShopItem) => void; archive: (item: ShopItem, archived: boolean) => void; busy: number | null };

const cards = css({ display: 'grid', gap: '2' });
const card = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '2' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

function Stock({ item }: { item: ShopItem }) {
  const { t } = useT();
  if (item.stock === 0) return <Badge tone="danger">{t('shop.stock.none')}</Badge>;
  return <span data-testid="item-stock">{t('shop.stock.count', { count: formatCoins(item.stock) })}</span>;
}

function Price({ item }: { item: ShopItem }) {
  const { t } = useT();
  return <span className={css({ fontWeight: 'semibold' })}>{t('shop.coins', { count: formatCoins(item.price_coins) })}</span>;
}

function RowActions({ item, actions }: { item: ShopItem; actions: ItemActions }) {
  const { t } = useT();
  if (item.is_archived) {
    return (
      <Button variant="outline" size="sm" onClick={() => actions.archive(item, false)} disabled={actions.busy === item.id}>
        <ArchiveRestore size={16} aria-hidden="true" />
        {t('shop.actions.restore')}
      </Button>
    );
  }
  return (
    <div className={css({ display: 'flex', gap: '1', justifyContent: 'flex-end', alignItems: 'center' })}>
      <Button size="sm" onClick={() => actions.sell(item)} disabled={item.stock === 0} data-testid="item-sell" aria-label={`${t('shop.actions.sell')}: ${item.name}`}>
        <ShoppingBag size={16} aria-hidden="true" />
        {t('shop.actions.sell')}
      </Button>
      <Button variant="ghost" size="icon" aria-label={`${t('shop.actions.edit')}: ${item.name}`} title={t('shop.actions.edit')} onClick={() => actions.edit(item)}>
        <Pencil size={16} aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${t('shop.actions.archive')}: ${item.name}`}
        title={t('shop.actions.archive')}
        onClick={() => actions.archive(item, true)}
        disabled={actions.busy === item.id}
      >
        <Archive size={16} aria-hidden="true" />
      </Button>
    </div>
  );
}

/** A page of the branch's items: a table on wide screens, cards on a phone. */
export function ShopItems({ filial, page, archived, actions, onPage }: { filial: number; page: number; archived: boolean; actions: ItemActions; onPage: (page: number) => void }) {
  const { t } = useT();
  const items = useShopItems({ filial, page, archived });
  const rows = items.data?.results;
  const empty = archived ? t('shop.emptyArchived') : t('shop.empty');
  const columns: Column<ShopItem>[] = [
    { key: 'number', header: t('shop.columns.number'), cell: (_, i) => rowNumber(page, i), width: '56px' },
    { key: 'name', header: t('shop.columns.name'), cell: (r) => <span className={css({ fontWeight: 'medium' })}>{r.name}</span> },
    { key: 'price', header: t('shop.columns.price'), cell: (r) => <Price item={r} />, numeric: true },
    { key: 'stock', header: t('shop.columns.stock'), cell: (r) => <Stock item={r} />, numeric: true },
    { key: 'sold', header: t('shop.columns.sold'), cell: (r) => formatCoins(r.sold), numeric: true },
    { key: 'actions', header: <span className={css({ srOnly: true })}>{t('shop.columns.actions')}</span>, cell: (r) => <RowActions item={r} actions={actions} />, width: '1%' },
  ];
  return (
    <div>
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table columns={columns} rows={rows} rowKey={(r) => r.id} loading={items.isLoading} loadingText={t('shop.loading')} emptyText={empty} label={t('shop.tabs.items')} testId="shop-items-table" />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        {!rows || rows.length === 0 ? (
          <p className={message}>{items.isLoading ? t('shop.loading') : empty}</p>
        ) : (
          <ul className={cards} aria-label={t('shop.tabs.items')} data-testid="shop-items-cards">
            {rows.map((item, i) => (
              <li key={item.id} className={card}>
                <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
                  <span className={css({ fontWeight: 'semibold' })}>
                    <span className={css({ color: 'fg.subtle', fontWeight: 'normal', me: '2' })}>{rowNumber(page, i)}.</span>
                    {item.name}
                  </span>
                  <Price item={item} />
                </div>
                <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2', color: 'fg.muted', fontSize: 'sm' })}>
                  <span>
                    <Stock item={item} /> · {t('shop.columns.sold')}: {formatCoins(item.sold)}
                  </span>
                  <RowActions item={item} actions={actions} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ListPagination page={page} count={items.data?.count} onChange={onPage} />
    </div>
  );
}
