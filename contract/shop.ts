// Issue 5, "Shop and bonuses": a branch's shop of items priced in bonus coins, with a stock that never goes below
// zero, and the purchases that spend a student's coins (our API; decisions "Shop and bonuses").
import { z } from 'zod';
import { emptyAsAbsent, msg, pageQuery, queryBool, queryId, required } from './common';
import { bodyId } from './catalogue';

export const SHOP_NAME_MAX = 100;
export const SHOP_PRICE_MAX = 1_000_000;
export const SHOP_STOCK_MAX = 100_000;
export const SHOP_QUANTITY_MAX = 100;

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input == null || Number.isNaN(issue.input) ? msg.required : msg.positiveInt) })
    .int(msg.positiveInt)
    .min(min, 'validation.min')
    .max(max, 'validation.max');

const name = z.string(required).trim().min(1, msg.required).max(SHOP_NAME_MAX, 'validation.maxLength');

export const shopItem = z.object({
  id: z.number().int(),
  filial: z.number().int(),
  name: z.string(),
  price_coins: z.number().int(),
  stock: z.number().int(),
  is_archived: z.boolean(),
  /** Pieces sold so far. */
  sold: z.number().int(),
});
export type ShopItem = z.infer<typeof shopItem>;

/** GET /shop/items/: a branch's items, active unless is_archived=true, by name; paged. */
export const shopItemsQuery = pageQuery.extend({
  filial: queryId,
  is_archived: queryBool.default(false),
  q: z.preprocess(emptyAsAbsent, z.string().trim().max(SHOP_NAME_MAX, 'validation.maxLength').optional()),
});

/** POST /shop/items/. */
export const shopItemCreate = z.object({
  filial: bodyId,
  name,
  price_coins: wholeNumber(1, SHOP_PRICE_MAX),
  stock: wholeNumber(0, SHOP_STOCK_MAX),
});
export type ShopItemCreate = z.input<typeof shopItemCreate>;

/**
 * PATCH /shop/items/{id}/: any of the fields. `stock` sets the stock; `stock_add` adds to it (a delivery, or a
 * negative number for a write-off: 409 when it would go below zero); not both. The branch never changes.
 */
export const shopItemPatch = z
  .object({
    name: name.optional(),
    price_coins: wholeNumber(1, SHOP_PRICE_MAX).optional(),
    stock: wholeNumber(0, SHOP_STOCK_MAX).optional(),
    stock_add: wholeNumber(-SHOP_STOCK_MAX, SHOP_STOCK_MAX).optional(),
    is_archived: z.boolean().optional(),
  })
  .refine((b) => b.stock === undefined || b.stock_add === undefined, { path: ['stock_add'], message: 'shop.errors.stockOrAdd' });
export type ShopItemPatch = z.input<typeof shopItemPatch>;

/** POST /shop/purchase/: one item (any quantity up to the stock) for one student of the item's branch. */
export const shopPurchaseBody = z.object({
  item: bodyId,
  student: bodyId,
  quantity: wholeNumber(1, SHOP_QUANTITY_MAX).default(1),
});
export type ShopPurchaseBody = z.input<typeof shopPurchaseBody>;

const ref = z.object({ id: z.number().int(), name: z.string() });

export const shopPurchase = z.object({
  id: z.number().int(),
  filial: z.number().int(),
  item: ref,
  student: ref,
  quantity: z.number().int(),
  /** Coins spent: the price at the time times the quantity. */
  coins: z.number().int(),
  author: ref,
  created_at: z.string(),
});
export type ShopPurchase = z.infer<typeof shopPurchase>;

/** The answer of POST /shop/purchase/: the purchase, the item's new stock and the student's coins left. */
export const shopPurchaseResult = z.object({ purchase: shopPurchase, item: shopItem, coins: z.number().int() });
export type ShopPurchaseResult = z.infer<typeof shopPurchaseResult>;

/** GET /shop/purchases/: newest first; paged. */
export const shopPurchasesQuery = pageQuery.extend({ filial: queryId, student: queryId, item: queryId });
