// The demo shop: the same four items in every demo branch, and some bonus coins for the first students of each
// branch (awarded by the director), a few of whom already bought a notebook or a pen.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { bonusEntries, employees, shopItems, shopPurchases, students } from '../db/schema';
import type { DemoFilial } from './demo';

export const DEMO_SHOP_ITEMS = [
  { name: 'Daftar', priceCoins: 50, stock: 40 },
  { name: 'Ruchka', priceCoins: 20, stock: 100 },
  { name: 'Futbolka', priceCoins: 500, stock: 10 },
  { name: 'Kitob', priceCoins: 300, stock: 15 },
] as const;

const REASONS = ['Darsga faol qatnashgani uchun', 'Test natijasi uchun', 'Uy vazifasini a’lo bajargani uchun', 'Darslarga qoldirmay qatnashgani uchun'];
const BRANCHES: DemoFilial[] = ['Chilonzor', 'Yunusobod', 'Samarqand'];

export async function seedShop(tx: DbOrTx, filialId: (name: DemoFilial) => number): Promise<void> {
  const [director] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.role, 'DIRECTOR')).orderBy(asc(employees.id)).limit(1);
  for (const branch of BRANCHES) {
    const filial = filialId(branch);
    const items = await tx
      .insert(shopItems)
      .values(DEMO_SHOP_ITEMS.map((item) => ({ ...item, filialId: filial })))
      .returning({ id: shopItems.id, name: shopItems.name, priceCoins: shopItems.priceCoins, stock: shopItems.stock });
    const awarded = await tx
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.filialId, filial), eq(students.isArchived, false)))
      .orderBy(asc(students.id))
      .limit(12);
    for (const [i, student] of awarded.entries()) {
      // 2 or 3 awards each: 30 to 330 coins in all.
      const awards = [10 * ((i % 5) + 3), 50 * ((i % 4) + 1), ...(i % 3 === 0 ? [100] : [])];
      await tx.insert(bonusEntries).values(
        awards.map((coins, k) => ({
          studentId: student.id,
          filialId: filial,
          coins,
          reason: REASONS[(i + k) % REASONS.length],
          authorId: director.id,
          // Spread over the last three weeks, oldest first.
          createdAt: sql`now() - make_interval(days => ${21 - k * 7 - (i % 5)}, hours => ${i % 9})`,
        })),
      );
      // Every fourth student already spent some: a notebook (or a pen when short of coins).
      if (i % 4 === 1) {
        const total = awards.reduce((a, b) => a + b, 0);
        const item = items.find((it) => it.name === (total >= 50 ? 'Daftar' : 'Ruchka'))!;
        const [purchase] = await tx
          .insert(shopPurchases)
          .values({ itemId: item.id, studentId: student.id, filialId: filial, quantity: 1, coins: item.priceCoins, authorId: director.id, createdAt: sql`now() - interval '1 day'` })
          .returning({ id: shopPurchases.id });
        await tx.insert(bonusEntries).values({ studentId: student.id, filialId: filial, coins: -item.priceCoins, reason: item.name, purchaseId: purchase.id, authorId: director.id, createdAt: sql`now() - interval '1 day'` });
        item.stock -= 1;
        await tx.update(shopItems).set({ stock: item.stock }).where(eq(shopItems.id, item.id));
      }
    }
  }
}
