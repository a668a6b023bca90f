// GET /api/payments/reconciliation/: each provider transaction beside the ledger entries it booked and reversed,
// and the mismatches a check must find: a performed transaction without entries, student money on an online desk
// that no transaction booked, a booked sum other than the transaction's amount. Scoped like the cash desks.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type ReconciliationRow, reconciliationAnswer } from '../../contract/onlinePayments';
import { onlinePayments } from '../../server/db/schema';
import { clickCaller } from '../fakes/clickCaller';
import { paymeCaller } from '../fakes/paymeCaller';
import { ledgerCaller } from './financeLedgerSupport';
import { EN } from './catalogueSupport';
import { backends, testClock, useTestApp } from './harness';
import { CLICK_ENV, PAYME_ENV, appSend, expectLedgerInvariants, paymentFixture } from './paymentsSupport';

describe.each(backends())('online payment reconciliation on %s', (backend) => {
  const clock = testClock(new Date());
  const t = useTestApp(backend, { clock, env: { ...PAYME_ENV, ...CLICK_ENV } });
  const fx = paymentFixture(t);
  const { as } = ledgerCaller(t);
  const payme = paymeCaller({ send: (p, i) => appSend(t)(p, i), key: PAYME_ENV.PAYME_KEY, now: () => clock.now() });
  const click = clickCaller({ send: (p, i) => appSend(t)(p, i), serviceId: CLICK_ENV.CLICK_SERVICE_ID, secretKey: CLICK_ENV.CLICK_SECRET_KEY, now: () => clock.now() });

  async function paidByPayme(student: number, tiyin: number) {
    const id = payme.newId();
    await payme.create(id, student, tiyin);
    await payme.perform(id);
    return id;
  }

  async function report(query = '', token?: string) {
    const res = token ? await t.call('GET', `/api/payments/reconciliation/${query}`, { token, headers: EN }) : await as('DIRECTOR', 'GET', `/api/payments/reconciliation/${query}`);
    expect(res.status).toBe(200);
    return reconciliationAnswer.parse(res.json);
  }
  const rowOf = (rows: ReconciliationRow[], providerId: string) => rows.find((r) => r.payment?.provider_id === providerId)!;

  it('shows each transaction with the entries it booked and reversed, and no mismatch when they agree', async () => {
    const student = await fx.payer();
    const performed = await paidByPayme(student.id, 15_000_000);
    const reversed = await paidByPayme(student.id, 5_000_000);
    await payme.cancel(reversed, 5);
    const clickPayment = { clickTransId: click.newTransId(), studentId: student.id, amount: '70000' };
    const prepared = await click.prepare(clickPayment);
    await click.complete({ ...clickPayment, prepareId: prepared.merchant_prepare_id! });

    const all = await report();
    expect(all.mismatches).toBe(0);
    expect(rowOf(all.results, performed)).toMatchObject({ booked: '150000.00', problems: [], payment: { state: 2, amount: '150000.00', student: { id: student.id } } });
    expect(rowOf(all.results, performed).entries).toEqual([expect.objectContaining({ action: 'income', amount: '150000.00', group: student.group })]);
    expect(rowOf(all.results, reversed)).toMatchObject({ booked: '0.00', problems: [], payment: { state: -2 } });
    expect(rowOf(all.results, reversed).entries.map((e) => e.action)).toEqual(['income', 'expense']);
    expect(rowOf(all.results, clickPayment.clickTransId)).toMatchObject({ booked: '70000.00', problems: [] });

    const onlyClick = await report('?provider=click');
    expect(onlyClick.results.every((r) => r.payment?.provider === 'click')).toBe(true);
    expect(onlyClick.results).toHaveLength(1);
  });

  it('finds planted mismatches: a performed transaction without entries, an amount that differs, a payment typed onto the Payme desk', async () => {
    const student = await fx.payer();
    const good = await paidByPayme(student.id, 10_000_000);
    const changed = await paidByPayme(student.id, 10_000_000);
    await t.db.update(onlinePayments).set({ amount: '100001.00' }).where(eq(onlinePayments.providerId, changed));
    const [ghost] = await t.db
      .insert(onlinePayments)
      .values({ provider: 'payme', providerId: payme.newId(), filialId: student.filialId, studentId: student.id, amount: '5000.00', state: 2, providerTime: clock.now(), createdAt: clock.now(), performedAt: clock.now() })
      .returning();
    const desk = (await as('DIRECTOR', 'GET', `/api/finance/casher/no-pg/?filial=${student.filialId}`)).json.find((c: { name: string }) => c.name === 'Payme');
    const typed = await as('DIRECTOR', 'POST', '/api/finance/', { body: { casher: desk.id, action: 'income', method: 'payme', amount: '33000', student: student.id } });
    expect(typed.status).toBe(201);

    const found = await report(`?provider=payme&filial=${student.filialId}`);
    expect(rowOf(found.results, good).problems).toEqual([]);
    expect(rowOf(found.results, changed).problems).toEqual(['amount_mismatch']);
    expect(rowOf(found.results, ghost.providerId).problems).toEqual(['performed_without_entry']);
    const stray = found.results.filter((r) => r.payment === null);
    expect(stray).toEqual([expect.objectContaining({ problems: ['entry_without_payment'], booked: '33000.00', entries: [expect.objectContaining({ id: typed.json.id })] })]);
    expect(found.mismatches).toBe(3);
    await expectLedgerInvariants(t);
  });

  it('keeps to the cash desks’ pages and branches: another branch is a 404, a teacher a 403', async () => {
    const yunusobod = await fx.payer('Yunusobod');
    const id = await paidByPayme(yunusobod.id, 12_000_000);
    await t.addEmployee({ role: 'ADMINISTRATOR', phone: '+998935550101', password: 'admin-chilonzor', fullName: 'Desk Chilonzor', filials: ['Chilonzor'] });
    const { access_token } = await t.signIn('+998935550101', 'admin-chilonzor');
    const own = await report('', access_token);
    expect(own.results.some((r) => r.payment?.provider_id === id)).toBe(false);
    expect((await t.call('GET', `/api/payments/reconciliation/?filial=${yunusobod.filialId}`, { token: access_token })).status).toBe(404);
    expect((await as('TEACHER', 'GET', '/api/payments/reconciliation/')).status).toBe(403);
    expect((await as('DIRECTOR', 'GET', '/api/payments/reconciliation/?start_date=2026-02-01&end_date=2026-01-01')).status).toBe(400);
    expect(rowOf((await report(`?filial=${yunusobod.filialId}`)).results, id)).toBeTruthy();
  });
});
