// Sales and vouchers through the API: the catalogue, a sale given to a student in a group (the charges follow),
// one running sale per student and group, ending it; vouchers credit the balance until cancelled. Pages, branch
// scope, bad input and the Idempotency-Key replay.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sale, studentSale, studentSalesPage, voucher } from '../../contract/sales';
import { sales } from '../../server/db/schema';
import { addDays } from '../../server/domain/lessons/dates';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture, today } from './eduFixtures';
import { backends, useTestApp } from './harness';

const lastMonth = (d: number) => `${addDays(`${today().slice(0, 7)}-01`, -1).slice(0, 7)}-${String(d).padStart(2, '0')}`;

describe.each(backends())('sales and vouchers on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);

  async function setup() {
    const filialId = await f.filial('Chilonzor');
    const accountant = await f.employee('ACCOUNTING');
    const manager = await f.employee('FILIAL_Manager');
    const teacher = await f.employee('TEACHER');
    const group = await f.group({ filialId, teacherId: teacher.id });
    const lessons = await f.lessons(group, [lastMonth(3), lastMonth(10), lastMonth(17), lastMonth(24)]);
    const ali = await f.student(filialId, 'Ali');
    await f.member(ali.id, group.id, lastMonth(1));
    for (const lesson of lessons)
      expect((await t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token: manager.token, body: { items: [{ student: ali.id, status: 'present' }] } })).status).toBe(200);
    return { filialId, accountant, manager, teacher, group, lessons, ali };
  }

  async function balance(token: string, student: number) {
    return ((await t.call('GET', `/api/students/${student}/`, { token })).json as { balance: string }).balance;
  }

  async function newSale(token: string, body: object) {
    const res = await t.call('POST', '/api/finance/sale/', { token, body });
    expect(res.status).toBe(201);
    return sale.strict().parse(res.json);
  }

  it('the catalogue: create percent and fixed, validation, rename and archive, the is_archived filter', async () => {
    const { accountant, teacher } = await setup();
    const tenth = await newSale(accountant.token, { name: 'Siblings', kind: 'percent', value: 10 });
    expect(tenth).toMatchObject({ kind: 'percent', value: '10.00', is_archived: false, students: 0 });
    const fixed = await newSale(accountant.token, { name: 'Social', kind: 'fixed', value: '50000' });
    expect(fixed.value).toBe('50000.00');
    const bad = await t.call('POST', '/api/finance/sale/', { token: accountant.token, body: { name: ' ', kind: 'half', value: -1 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json as object).sort()).toEqual(['kind', 'name', 'value']);
    const tooMuch = await t.call('POST', '/api/finance/sale/', { token: accountant.token, body: { name: 'All', kind: 'percent', value: 101 } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json).toEqual({ value: ['Ko‘pi bilan 100 bo‘lishi kerak'] });
    const archived = await t.call('PATCH', `/api/finance/sale/${fixed.id}/`, { token: accountant.token, body: { name: 'Social help', is_archived: true } });
    expect(archived.status).toBe(200);
    expect(archived.json).toMatchObject({ name: 'Social help', is_archived: true });
    expect(await t.lastAudit('sale.update', fixed.id)).toMatchObject({ actorId: accountant.id });
    const active = (await t.call('GET', '/api/finance/sale/?is_archived=false', { token: accountant.token })).json as { id: number }[];
    expect(active.some((s) => s.id === tenth.id)).toBe(true);
    expect(active.some((s) => s.id === fixed.id)).toBe(false);
    expect((await t.call('PATCH', '/api/finance/sale/999999/', { token: accountant.token, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('GET', '/api/finance/sale/', { token: teacher.token })).status).toBe(403);
    const admin = await f.employee('ADMINISTRATOR');
    expect((await t.call('POST', '/api/finance/sale/', { token: admin.token, body: { name: 'Mine', kind: 'fixed', value: 1 } })).status).toBe(403);
  });

  it('a sale given from the 1st takes 10 % off every charge; a second one is a 409; ending it from the 15th restores the rest', async () => {
    const { accountant, group, ali } = await setup();
    expect(await balance(accountant.token, ali.id)).toBe('-500000.00');
    const tenth = await newSale(accountant.token, { name: `Ten ${Date.now()}`, kind: 'percent', value: 10 });
    const given = await t.call('POST', '/api/finance/sale-student/', {
      token: accountant.token,
      body: { student: ali.id, group: group.id, sale: tenth.id, from_date: lastMonth(1), reason: 'Brother studies here' },
    });
    expect(given.status).toBe(201);
    const running = studentSale.strict().parse(given.json);
    expect(running).toMatchObject({ student: { id: ali.id }, group: { id: group.id }, sale: { id: tenth.id, kind: 'percent' }, ended_on: null });
    expect(await balance(accountant.token, ali.id)).toBe('-450000.00');
    expect(await t.lastAudit('student_sale.create', running.id)).toMatchObject({ actorId: accountant.id });

    const second = await t.call('POST', '/api/finance/sale-student/', { token: accountant.token, body: { student: ali.id, group: group.id, sale: tenth.id } });
    expect(second.status).toBe(409);

    const one = await t.call('GET', `/api/finance/sale-student/${running.id}/`, { token: accountant.token });
    expect(studentSale.parse(one.json).id).toBe(running.id);
    const list = studentSalesPage.parse((await t.call('GET', `/api/finance/sale-student/?student=${ali.id}`, { token: accountant.token })).json);
    expect(list.results.map((r) => r.id)).toEqual([running.id]);

    // Ends on the 15th: the 3rd and 10th keep the sale (112 500 each), the 17th and 24th are 125 000 again.
    const ended = await t.call('DELETE', `/api/finance/sale/student/${running.id}/`, { token: accountant.token, body: { ended_on: lastMonth(15) } });
    expect(ended.status).toBe(200);
    expect(ended.json).toMatchObject({ ended_on: lastMonth(15) });
    expect(await balance(accountant.token, ali.id)).toBe('-475000.00');
    expect((await t.call('DELETE', `/api/finance/sale/student/${running.id}/`, { token: accountant.token })).status).toBe(409);
    // A new sale may start once the first one ended.
    const fixed = await newSale(accountant.token, { name: `Fixed ${Date.now()}`, kind: 'fixed', value: 100000 });
    const again = await t.call('POST', '/api/finance/sale-student/', { token: accountant.token, body: { student: ali.id, group: group.id, sale: fixed.id, from_date: lastMonth(16) } });
    expect(again.status).toBe(201);
    // 17th and 24th: (500 000 − 100 000) / 4 = 100 000 each.
    expect(await balance(accountant.token, ali.id)).toBe('-425000.00');
  });

  it('giving a sale: bad input, a student not in the group, an archived sale, another branch, no cash page', async () => {
    const { accountant, manager, group, ali, filialId } = await setup();
    const s = await newSale(accountant.token, { name: `Any ${Date.now()}`, kind: 'fixed', value: 1000 });
    const bad = await t.call('POST', '/api/finance/sale-student/', { token: accountant.token, body: { student: 'x', from_date: '2026-13-01' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json as object).sort()).toEqual(['from_date', 'group', 'sale', 'student']);
    const stranger = await f.student(filialId, 'Stranger');
    const notMember = await t.call('POST', '/api/finance/sale-student/', { token: accountant.token, body: { student: stranger.id, group: group.id, sale: s.id } });
    expect(notMember.status).toBe(400);
    expect(Object.keys(notMember.json as object)).toEqual(['group']);
    await t.db.update(sales).set({ isArchived: true }).where(eq(sales.id, s.id));
    const archived = await t.call('POST', '/api/finance/sale-student/', { token: accountant.token, body: { student: ali.id, group: group.id, sale: s.id } });
    expect(archived.status).toBe(400);
    expect(Object.keys(archived.json as object)).toEqual(['sale']);
    const foreign = await f.employee('ACCOUNTING', 'Yunusobod');
    const live = await newSale(accountant.token, { name: `Live ${Date.now()}`, kind: 'fixed', value: 1000 });
    expect((await t.call('POST', '/api/finance/sale-student/', { token: foreign.token, body: { student: ali.id, group: group.id, sale: live.id } })).status).toBe(404);
    expect((await t.call('GET', `/api/finance/voucher/student/?id=${ali.id}`, { token: foreign.token })).status).toBe(404);
    // A filial manager has the cash pages; an administrator only reads.
    const admin = await f.employee('ADMINISTRATOR');
    expect((await t.call('POST', '/api/finance/sale-student/', { token: admin.token, body: { student: ali.id, group: group.id, sale: live.id } })).status).toBe(403);
    expect((await t.call('GET', `/api/finance/sale-student/?student=${ali.id}`, { token: admin.token })).status).toBe(200);
    const given = await t.call('POST', '/api/finance/sale-student/', { token: manager.token, body: { student: ali.id, group: group.id, sale: live.id } });
    expect(given.status).toBe(201);
    const id = (given.json as { id: number }).id;
    expect((await t.call('GET', `/api/finance/sale-student/${id}/`, { token: foreign.token })).status).toBe(404);
    expect((await t.call('DELETE', `/api/finance/sale/student/${id}/`, { token: foreign.token })).status).toBe(404);
  });

  it('a voucher credits the balance; cancelling takes it back and keeps the row; the same key replays', async () => {
    const { accountant, group, ali, teacher } = await setup();
    const headers = { 'Idempotency-Key': `voucher-${ali.id}-${Date.now()}` };
    const body = { student: ali.id, group: group.id, amount: '75000.50', reason: 'Olympiad winner' };
    const res = await t.call('POST', '/api/finance/voucher/student/', { token: accountant.token, body, headers });
    expect(res.status).toBe(201);
    const v = voucher.strict().parse(res.json);
    expect(v).toMatchObject({ amount: '75000.50', cancelled_at: null, created_by: { id: accountant.id } });
    const replay = await t.call('POST', '/api/finance/voucher/student/', { token: accountant.token, body, headers });
    expect(replay.status).toBe(201);
    expect((replay.json as { id: number }).id).toBe(v.id);
    expect(await balance(accountant.token, ali.id)).toBe('-424999.50');
    const list = (await t.call('GET', `/api/finance/voucher/student/?id=${ali.id}`, { token: accountant.token })).json as unknown[];
    expect(list).toHaveLength(1);
    const cancelled = await t.call('DELETE', `/api/finance/voucher/student/${v.id}/`, { token: accountant.token });
    expect(cancelled.status).toBe(200);
    expect((cancelled.json as { cancelled_at: string | null }).cancelled_at).not.toBeNull();
    expect(await balance(accountant.token, ali.id)).toBe('-500000.00');
    expect((await t.call('DELETE', `/api/finance/voucher/student/${v.id}/`, { token: accountant.token })).status).toBe(409);
    expect(await t.lastAudit('voucher.cancel', v.id)).toMatchObject({ actorId: accountant.id });
    const bad = await t.call('POST', '/api/finance/voucher/student/', { token: accountant.token, body: { student: ali.id, group: group.id, amount: '0.001' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json as object)).toEqual(['amount']);
    expect((await t.call('POST', '/api/finance/voucher/student/', { token: teacher.token, body })).status).toBe(403);
    expect((await t.call('GET', '/api/finance/voucher/student/', { token: accountant.token })).status).toBe(400);
  });
});
