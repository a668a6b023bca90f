// The shop (issue 5, "Shop and bonuses"), parsed with the contract: a branch's items a page at a time, the
// purchases, and the writes. A sale carries an Idempotency-Key made once per user action, so a retry after a lost
// answer replays the first sale instead of selling twice.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { paged } from '../../contract/common';
import { shopItem, shopPurchase, shopPurchaseResult, type ShopItem, type ShopItemCreate, type ShopItemPatch, type ShopPurchaseBody, type ShopPurchaseResult } from '../../contract/shop';
import { bonusKeys } from './bonuses';
import { api } from './http';
import { idempotencyHeaders } from './idempotency';
import { queryClient } from './queryClient';

export const shopItemPage = paged(shopItem);
export const shopPurchasePage = paged(shopPurchase);

export type ShopItemsFilter = { filial: number | null; page: number; archived: boolean };

export const shopKeys = {
  all: ['shop'] as const,
  items: (f: ShopItemsFilter) => ['shop', 'items', f] as const,
  purchases: (filial: number | null, page: number) => ['shop', 'purchases', filial, page] as const,
};

/** GET /shop/items/?filial&is_archived&page: one page of a branch's items. */
export function useShopItems(f: ShopItemsFilter) {
  return useQuery({
    queryKey: shopKeys.items(f),
    queryFn: () => api.get('/shop/items/', { params: { filial: f.filial, page: f.page, is_archived: f.archived ? true : undefined }, schema: shopItemPage }),
    enabled: f.filial !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /shop/purchases/?filial&page: newest first. */
export function useShopPurchases(filial: number | null, page: number) {
  return useQuery({
    queryKey: shopKeys.purchases(filial, page),
    queryFn: () => api.get('/shop/purchases/', { params: { filial, page }, schema: shopPurchasePage }),
    enabled: filial !== null,
    placeholderData: keepPreviousData,
  });
}

export async function createShopItem(body: ShopItemCreate): Promise<ShopItem> {
  const item = await api.post('/shop/items/', body, { schema: shopItem });
  await queryClient.invalidateQueries({ queryKey: shopKeys.all });
  return item;
}

export async function patchShopItem(id: number, body: ShopItemPatch): Promise<ShopItem> {
  const item = await api.patch(`/shop/items/${id}/`, body, { schema: shopItem });
  await queryClient.invalidateQueries({ queryKey: shopKeys.all });
  return item;
}

/** POST /shop/purchase/ with the action's Idempotency-Key; the items, purchases and coins are refetched after. */
export async function buyShopItem(body: ShopPurchaseBody, key: string): Promise<ShopPurchaseResult> {
  const result = await api.post('/shop/purchase/', body, { schema: shopPurchaseResult, headers: idempotencyHeaders(key) });
  await Promise.all([queryClient.invalidateQueries({ queryKey: shopKeys.all }), queryClient.invalidateQueries({ queryKey: bonusKeys.all })]);
  return result;
}
