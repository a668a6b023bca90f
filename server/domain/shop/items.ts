// Shop items of a branch: a price in coins and a stock that never goes below zero (the table's CHECK is the last
// guard; the rules answer 409 first). Archiving hides an item from sale; its purchases stay.
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ShopItem, shopItemCreate, shopItemPatch, shopItemsQuery } from '../../../contract/shop';
import type { Db, DbOrTx } from '../../db/client';
import { shopItems, shopPurchases } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { audit } from '../audit/record';
import { assertOwnBranch } from '../catalogue/branch';
import { toPage, pageOffset, type Page } from '../catalogue/paging';
import { containsPattern } from '../catalogue/common';
import { allowedFilials, inScope, resolveFilial } from '../core/scope';
import type { Actor } from '../marketing/sources';
import { shopConflict } from './errors';

// Correlated subqueries name the outer row's table explicitly: drizzle leaves columns of a one-table select bare.
const sold = sql<number>`(select coalesce(sum(sp.quantity), 0) from ${shopPurchases} sp where sp.item_id = "shop_items"."id")`.mapWith(Number);

export const itemColumns = {
  id: shopItems.id,
  filial: shopItems.filialId,
  name: shopItems.name,
  price_coins: shopItems.priceCoins,
  stock: shopItems.stock,
  is_archived: shopItems.isArchived,
  sold,
};

function scopeWhere(scope: 'all' | number[]): SQL | undefined {
  return scope === 'all' ? undefined : inArray(shopItems.filialId, scope.length ? scope : [-1]);
}

export async function listItems(db: DbOrTx, user: AuthUser, query: z.output<typeof shopItemsQuery>, url: string): Promise<Page<ShopItem>> {
  const where = and(
    scopeWhere(resolveFilial(user, query.filial)),
    eq(shopItems.isArchived, query.is_archived),
    query.q ? sql`lower(${shopItems.name}) like ${containsPattern(query.q.toLowerCase())}` : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(shopItems).where(where);
  const results = await db
    .select(itemColumns)
    .from(shopItems)
    .where(where)
    .orderBy(asc(sql`lower(${shopItems.name})`), asc(shopItems.id))
    .limit(query.page_size)
    .offset(pageOffset(query));
  return toPage(url, query, n, results);
}

/** An item of the user's branches (404 otherwise), optionally locked FOR UPDATE until the transaction ends. */
export async function scopedItem(q: DbOrTx, user: AuthUser, id: number, lock = false): Promise<ShopItem> {
  const base = q.select(itemColumns).from(shopItems).where(eq(shopItems.id, id));
  const [row] = lock ? await base.for('update', { of: shopItems }) : await base;
  if (!row || !inScope(allowedFilials(user), row.filial)) throw notFound('Shop item not found');
  return row;
}

export async function createItem(db: Db, actor: Actor, body: z.output<typeof shopItemCreate>): Promise<ShopItem> {
  return db.transaction(async (tx) => {
    // In scope and existing: a director's scope is every branch, including ids that name none.
    await assertOwnBranch(tx, actor.user, body.filial);
    const [{ id }] = await tx
      .insert(shopItems)
      .values({ filialId: body.filial, name: body.name, priceCoins: body.price_coins, stock: body.stock })
      .returning({ id: shopItems.id });
    const after = await scopedItem(tx, actor.user, id);
    await audit(tx, { actorId: actor.user.id, action: 'shop_item.create', entity: 'shop_item', entityId: id, filialId: body.filial, after, ip: actor.ip });
    return after;
  });
}

export async function updateItem(db: Db, actor: Actor, id: number, body: z.output<typeof shopItemPatch>): Promise<ShopItem> {
  return db.transaction(async (tx) => {
    const before = await scopedItem(tx, actor.user, id, true);
    let stock = body.stock ?? before.stock;
    if (body.stock_add !== undefined) {
      stock = before.stock + body.stock_add;
      if (stock < 0) throw shopConflict('stock_below_zero', 'shop.errors.stockBelowZero', { available: before.stock });
    }
    await tx
      .update(shopItems)
      .set({ name: body.name ?? before.name, priceCoins: body.price_coins ?? before.price_coins, stock, isArchived: body.is_archived ?? before.is_archived })
      .where(eq(shopItems.id, id));
    const after = await scopedItem(tx, actor.user, id);
    const action = body.is_archived === undefined || body.is_archived === before.is_archived ? 'update' : body.is_archived ? 'archive' : 'unarchive';
    await audit(tx, { actorId: actor.user.id, action: `shop_item.${action}`, entity: 'shop_item', entityId: id, filialId: before.filial, before, after, ip: actor.ip });
    return after;
  });
}
