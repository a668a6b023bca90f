// The shop and bonus contracts: what a sale, an item and an award accept, shared by the dialogs and the server.
import { describe, expect, it } from 'vitest';
import { BONUS_BULK_MAX, bonusAwardBody, bonusBulkBody, bonusEntriesQuery, bonusTopQuery } from '../../../contract/bonuses';
import { shopItemCreate, shopItemPatch, shopItemsQuery, shopPurchaseBody } from '../../../contract/shop';

const fields = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('shop contract', () => {
  it('an item has a name, a positive whole price and a stock of zero or more', () => {
    expect(shopItemCreate.parse({ filial: 1, name: '  Daftar ', price_coins: 50, stock: 0 })).toEqual({ filial: 1, name: 'Daftar', price_coins: 50, stock: 0 });
    expect(fields(shopItemCreate.safeParse({ filial: 1, name: ' ', price_coins: 0, stock: -1 }))).toEqual({
      name: 'validation.required',
      price_coins: 'validation.min',
      stock: 'validation.min',
    });
    expect(fields(shopItemCreate.safeParse({ name: 'x', price_coins: Number.NaN, stock: 1.5 }))).toEqual({
      filial: 'validation.required',
      price_coins: 'validation.required',
      stock: 'validation.positiveInt',
    });
  });

  it('an edit sets the stock or adds to it (a negative add writes off), never both', () => {
    expect(shopItemPatch.parse({ stock_add: -3 })).toEqual({ stock_add: -3 });
    expect(shopItemPatch.parse({})).toEqual({});
    expect(fields(shopItemPatch.safeParse({ stock: 5, stock_add: 1 }))).toEqual({ stock_add: 'shop.errors.stockOrAdd' });
  });

  it('a sale is one item, one student, 1 to 100 pieces (1 when left out)', () => {
    expect(shopPurchaseBody.parse({ item: 3, student: 4 })).toEqual({ item: 3, student: 4, quantity: 1 });
    expect(fields(shopPurchaseBody.safeParse({ item: 3, student: 4, quantity: 101 }))).toEqual({ quantity: 'validation.max' });
    expect(fields(shopPurchaseBody.safeParse({ quantity: 0 }))).toEqual({ item: 'validation.required', student: 'validation.required', quantity: 'validation.min' });
  });

  it('the item list takes booleans and search text from the query', () => {
    expect(shopItemsQuery.parse({ is_archived: 'true', q: '  ' })).toMatchObject({ is_archived: true, q: undefined, page: 1 });
    expect(shopItemsQuery.safeParse({ is_archived: 'yes' }).success).toBe(false);
  });
});

describe('bonus contract', () => {
  it('an award is 1 to 10 000 whole coins with a reason of at most 200 characters', () => {
    expect(bonusAwardBody.parse({ student: 1, coins: 10_000, reason: ' Test natijasi uchun ' })).toEqual({ student: 1, coins: 10_000, reason: 'Test natijasi uchun' });
    expect(fields(bonusAwardBody.safeParse({ student: 1, coins: 10_001, reason: 'x'.repeat(201) }))).toEqual({ coins: 'validation.max', reason: 'validation.maxLength' });
    expect(fields(bonusAwardBody.safeParse({ student: 1, coins: -1, reason: '' }))).toEqual({ coins: 'validation.min', reason: 'validation.required' });
  });

  it('a bulk award names each student once, at least one and at most the limit', () => {
    expect(bonusBulkBody.parse({ students: [1, 2], coins: 5, reason: 'x' }).students).toEqual([1, 2]);
    expect(fields(bonusBulkBody.safeParse({ students: [1, 1], coins: 5, reason: 'x' }))).toEqual({ students: 'validation.duplicateIds' });
    expect(fields(bonusBulkBody.safeParse({ students: [], coins: 5, reason: 'x' }))).toEqual({ students: 'validation.required' });
    const many = Array.from({ length: BONUS_BULK_MAX + 1 }, (_, i) => i + 1);
    expect(fields(bonusBulkBody.safeParse({ students: many, coins: 5, reason: 'x' }))).toEqual({ students: 'validation.max' });
  });

  it('the lists take their filters from the query', () => {
    expect(bonusEntriesQuery.parse({ kind: '', student: '7' })).toMatchObject({ kind: undefined, student: 7 });
    expect(bonusEntriesQuery.safeParse({ kind: 'gift' }).success).toBe(false);
    expect(bonusTopQuery.parse({})).toEqual({ filial: undefined, group: undefined, limit: 10 });
    expect(bonusTopQuery.safeParse({ limit: '51' }).success).toBe(false);
  });
});
