// A shop purchase, in one transaction: the item row locked FOR UPDATE, then the student's coins (advisory lock),
// both checked (409 otherwise, nothing written), then the purchase, its negative bonus entry and the lower stock.
// Concurrent purchases of one item queue on its row; of one student, on the coins lock: no oversell, no overspend.
import { aliasedTable, and, desc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ShopPurchase, ShopPurchaseResult, shopPurchaseBody, shopPurchasesQuery } from '../../../contract/shop';
import type { Db, DbOrTx } from '../../db/client';
import { namedColumns } from '../../db/refs';
import { bonusEntries, employees, shopItems, shopPurchases, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { audit } from '../audit/record';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { fieldError } from '../core/errors';
import type { Actor } from '../marketing/sources';
import { resolveFilial } from '../core/scope';
import { ownStudentCondition } from '../students/teacherScope';
import { coinsOf, lockCoins, scopedStudent } from './coins';
import { shopConflict } from './errors';
import { scopedItem } from './items';

const author = aliasedTable(employees, 'purchase_author');

const purchaseColumns = {
  id: shopPurchases.id,
  filial: shopPurchases.filialId,
  item: namedColumns(shopItems),
  student: { id: students.id, name: students.fullName },
  quantity: shopPurchases.quantity,
  coins: shopPurchases.coins,
  author: { id: author.id, name: author.fullName },
  createdAt: shopPurchases.createdAt,
};

async function selectPurchases(q: DbOrTx, where: SQL | undefined, limit: number, offset: number): Promise<ShopPurchase[]> {
  const rows = await q
    .select(purchaseColumns)
    .from(shopPurchases)
    .innerJoin(shopItems, eq(shopItems.id, shopPurchases.itemId))
    .innerJoin(students, eq(students.id, shopPurchases.studentId))
    .innerJoin(author, eq(author.id, shopPurchases.authorId))
    .where(where)
    .orderBy(desc(shopPurchases.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ createdAt, ...r }) => ({ ...r, created_at: new Date(createdAt).toISOString() }));
}

export async function listPurchases(db: DbOrTx, user: AuthUser, query: z.output<typeof shopPurchasesQuery>, url: string): Promise<Page<ShopPurchase>> {
  const scope = resolveFilial(user, query.filial);
  const where = and(
    scope === 'all' ? undefined : inArray(shopPurchases.filialId, scope.length ? scope : [-1]),
    ownStudentCondition(user, shopPurchases.studentId),
    query.student ? eq(shopPurchases.studentId, query.student) : undefined,
    query.item ? eq(shopPurchases.itemId, query.item) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(shopPurchases).where(where);
  return toPage(url, query, n, await selectPurchases(db, where, query.page_size, pageOffset(query)));
}

export async function purchase(db: Db, actor: Actor, body: z.output<typeof shopPurchaseBody>): Promise<ShopPurchaseResult> {
  return db.transaction(async (tx) => {
    const item = await scopedItem(tx, actor.user, body.item, true);
    const student = await scopedStudent(tx, actor.user, body.student);
    if (student.filialId !== item.filial) throw fieldError('student', 'shop.errors.otherBranch');
    if (item.is_archived) throw shopConflict('item_archived', 'shop.errors.itemArchived', { item: item.name });
    if (student.isArchived) throw shopConflict('student_archived', 'shop.errors.studentArchived', { student: student.fullName });
    if (item.stock < body.quantity) {
      throw shopConflict('out_of_stock', 'shop.errors.outOfStock', { item: item.name, available: item.stock, requested: body.quantity });
    }
    await lockCoins(tx, [student.id]);
    const coins = (await coinsOf(tx, [student.id])).get(student.id) ?? 0;
    const needed = item.price_coins * body.quantity;
    if (coins < needed) throw shopConflict('not_enough_coins', 'shop.errors.notEnoughCoins', { student: student.fullName, coins, needed });

    const [{ id }] = await tx
      .insert(shopPurchases)
      .values({ itemId: item.id, studentId: student.id, filialId: item.filial, quantity: body.quantity, coins: needed, authorId: actor.user.id })
      .returning({ id: shopPurchases.id });
    await tx.insert(bonusEntries).values({
      studentId: student.id,
      filialId: item.filial,
      coins: -needed,
      reason: body.quantity === 1 ? item.name : `${item.name} × ${body.quantity}`,
      purchaseId: id,
      authorId: actor.user.id,
    });
    await tx.update(shopItems).set({ stock: item.stock - body.quantity }).where(eq(shopItems.id, item.id));

    const [bought] = await selectPurchases(tx, eq(shopPurchases.id, id), 1, 0);
    const after = await scopedItem(tx, actor.user, item.id);
    const result = { purchase: bought, item: after, coins: coins - needed };
    await audit(tx, {
      actorId: actor.user.id,
      action: 'shop.purchase',
      entity: 'shop_purchase',
      entityId: id,
      filialId: item.filial,
      before: { stock: item.stock, coins },
      after: { purchase: bought, stock: after.stock, coins: result.coins },
      ip: actor.ip,
    });
    return result;
  });
}
