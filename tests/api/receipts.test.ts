// Issue 17, receipts: every student payment has a receipt (JSON for the printable page, and a PDF) with the centre,
// branch, student, groups, amount in figures and Uzbek words, method, desk, cashier and time; one payment split
// over groups is one receipt; a reversed payment says so; other entries have none; the branch scope holds.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cashier as cashierSchema, entryCreated } from '../../contract/finance';
import { receipt } from '../../contract/receipt';
import { financeKinds } from '../../server/db/schema';
import { syncCharges } from '../../server/domain/billing/charges';
import { addDays } from '../../server/domain/lessons/dates';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture, today } from './eduFixtures';
import { ledgerCaller, unique } from './financeLedgerSupport';
import { backends, useTestApp } from './harness';

const lastMonth = (d: number) => `${addDays(`${today().slice(0, 7)}-01`, -1).slice(0, 7)}-${String(d).padStart(2, '0')}`;

describe.each(backends())('payment receipts on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);
  const { as } = ledgerCaller(t);

  async function desk() {
    const res = await as('DIRECTOR', 'POST', '/api/finance/casher/', { body: { name: unique('Kassa'), filial: await t.filialId('Chilonzor') } });
    expect(res.status).toBe(201);
    return cashierSchema.parse(res.json);
  }

  /** A Chilonzor student owing 250 000 in group A and 125 000 in group B. */
  async function debtor() {
    const filialId = await t.filialId('Chilonzor');
    const teacher = await f.employee('TEACHER');
    const a = await f.group({ filialId, teacherId: teacher.id });
    const b = await f.group({ filialId, teacherId: teacher.id });
    const dates = [lastMonth(3), lastMonth(10), lastMonth(17), lastMonth(24)];
    const lessonsA = await f.lessons(a, dates);
    const lessonsB = await f.lessons(b, dates);
    const student = await f.student(filialId);
    await f.member(student.id, a.id, lastMonth(1));
    await f.member(student.id, b.id, lastMonth(1));
    for (const l of lessonsA.slice(0, 2)) await f.mark(l, student.id, 'present');
    await f.mark(lessonsB[0], student.id, 'present');
    await t.db.transaction((tx) => syncCharges(tx, { studentId: student.id }, t.clock.now()));
    return { student, a, b };
  }

  async function pay(casher: number, student: number, amount: string) {
    const res = await as('ADMINISTRATOR', 'POST', '/api/finance/', { body: { casher, action: 'income', method: 'card', amount, student } });
    expect(res.status).toBe(201);
    return entryCreated.parse(res.json);
  }

  it('gives one receipt for a payment split over two groups, from either of its entries', async () => {
    const c = await desk();
    const { student, a, b } = await debtor();
    const paid = await pay(c.id, student.id, '375000');
    expect(paid.allocation).toHaveLength(2);
    const ids = paid.allocation.map((p) => p.entry).sort((x, y) => x - y);
    for (const id of ids) {
      const res = await as('ADMINISTRATOR', 'GET', `/api/finance/${id}/receipt/`);
      expect(res.status).toBe(200);
      const r = receipt.parse(res.json);
      expect(r.number).toBe(ids[0]);
      expect(r.amount).toBe('375000.00');
      expect(r.amount_words).toBe('uch yuz yetmish besh ming so‘m');
      expect(r.lines.map((l) => [l.group?.id, l.amount])).toEqual(
        expect.arrayContaining([
          [a.id, '250000.00'],
          [b.id, '125000.00'],
        ]),
      );
      expect(r).toMatchObject({ method: 'card', cashier: { id: c.id }, student: { id: student.id }, filial: { name: 'Chilonzor' }, reversed: false });
      expect(r.received_by.id).toBe(t.demo('ADMINISTRATOR').id);
    }
  });

  it('says a reversed payment was reversed', async () => {
    const c = await desk();
    const { student } = await debtor();
    const paid = await pay(c.id, student.id, '100000');
    const reversed = await as('DIRECTOR', 'POST', `/api/finance/${paid.id}/reverse/`, { body: { comment: 'xato' } });
    expect(reversed.status).toBe(201);
    const r = receipt.parse((await as('ADMINISTRATOR', 'GET', `/api/finance/${paid.id}/receipt/`)).json);
    expect(r.reversed).toBe(true);
    // the reversing entry itself is not a payment
    const again = await as('ADMINISTRATOR', 'GET', `/api/finance/${(reversed.json as { id: number }).id}/receipt/`);
    expect(again.status).toBe(409);
  });

  it('has no receipt for an entry that is not a student payment, and keeps to the branch', async () => {
    const c = await desk();
    const [kind] = await t.db.select({ id: financeKinds.id }).from(financeKinds).where(and(eq(financeKinds.name, 'Boshqa kirim'), eq(financeKinds.action, 'income')));
    const other = await as('DIRECTOR', 'POST', '/api/finance/', { body: { casher: c.id, action: 'income', kind: kind.id, method: 'cash', amount: '5000' } });
    expect(other.status).toBe(201);
    const id = (other.json as { id: number }).id;
    const res = await as('DIRECTOR', 'GET', `/api/finance/${id}/receipt/`);
    expect(res.status).toBe(409);
    expect(res.json.detail).toBe("This entry is not a student's payment: it has no receipt");

    const { student } = await debtor();
    const paid = await pay(c.id, student.id, '50000');
    // a teacher has no cash page; a manager of another branch does not see Chilonzor's ledger
    expect((await as('TEACHER', 'GET', `/api/finance/${paid.id}/receipt/`)).status).toBe(403);
    const phone = `+99890${String(Date.now()).slice(-7)}`;
    await t.addEmployee({ role: 'FILIAL_Manager', phone, password: 'secret-123', fullName: unique('Menejer'), filials: ['Yunusobod'] });
    const other2 = await t.signIn(phone, 'secret-123');
    expect((await t.call('GET', `/api/finance/${paid.id}/receipt/`, { token: other2.access_token })).status).toBe(404);
    expect((await t.call('GET', `/api/finance/${paid.id}/receipt/pdf/`, { token: other2.access_token })).status).toBe(404);
  });

  it('prints the receipt as a PDF with its font embedded, in the reader’s language', async () => {
    const c = await desk();
    const { student } = await debtor();
    const paid = await pay(c.id, student.id, '120000');
    const res = await as('ADMINISTRATOR', 'GET', `/api/finance/${paid.id}/receipt/pdf/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="kvitansiya-${paid.id}.pdf"`);
    expect(res.text.startsWith('%PDF-')).toBe(true);
    expect(res.text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(res.text).toContain(`(Payment receipt No. ${paid.id})`);
    expect(res.text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
  });
});
