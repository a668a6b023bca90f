// GET /api/payments/links/{id}/: a student's Payme checkout link (base64 of m=<merchant>;ac.student_id=<id>;a=<tiyin>)
// and Click pay link, with the suggested amount: the debt, else the month's fee of the open groups; links only for
// configured providers, on the configured base URLs; the card's scope and pages.
import { describe, expect, it } from 'vitest';
import { paymentLinksAnswer } from '../../contract/onlinePayments';
import { syncCharges } from '../../server/domain/billing/charges';
import { addDays } from '../../server/domain/lessons/dates';
import { eduFixture, today } from './eduFixtures';
import { ledgerCaller } from './financeLedgerSupport';
import { backends, useTestApp } from './harness';
import { CLICK_ENV, PAYME_ENV, paymentFixture } from './paymentsSupport';

const ENV = { ...PAYME_ENV, ...CLICK_ENV, PAYME_CHECKOUT_URL: 'https://checkout.test.paycom.uz', CLICK_PAY_URL: 'https://my.click.test/services/pay' };

describe.each(backends())('payment links on %s', (backend) => {
  const t = useTestApp(backend, ENV);
  const fx = paymentFixture(t);
  const f = eduFixture(t);
  const { as } = ledgerCaller(t);

  /** A payer who owes yesterday's lesson of a new group. */
  async function debtor() {
    const student = await fx.payer();
    const teacher = await f.employee('TEACHER');
    const group = await f.group({ filialId: student.filialId, teacherId: teacher.id });
    const [lesson] = await f.lessons(group, [addDays(today(), -1)]);
    await f.member(student.id, group.id, addDays(today(), -2));
    await f.mark(lesson, student.id, 'present');
    await t.db.transaction((tx) => syncCharges(tx, { studentId: student.id }, new Date()));
    return student;
  }

  async function links(student: number) {
    const res = await as('DIRECTOR', 'GET', `/api/payments/links/${student}/`);
    expect(res.status).toBe(200);
    return paymentLinksAnswer.parse(res.json);
  }

  it('suggests the month’s fee of a student who owes nothing, in both providers’ links', async () => {
    const student = await fx.payer();
    const answer = await links(student.id);
    expect(answer).toMatchObject({ student: student.id, amount: '500000.00', basis: 'month_fee' });
    const [base, encoded] = answer.payme!.split(/\/(?=[^/]+$)/);
    expect(base).toBe('https://checkout.test.paycom.uz');
    expect(Buffer.from(encoded, 'base64').toString('utf8')).toBe(`m=${PAYME_ENV.PAYME_MERCHANT_ID};ac.student_id=${student.id};a=50000000`);
    const click = new URL(answer.click!);
    expect(`${click.origin}${click.pathname}`).toBe('https://my.click.test/services/pay');
    expect(Object.fromEntries(click.searchParams)).toEqual({ service_id: '12345', merchant_id: '6789', amount: '500000', transaction_param: String(student.id) });
  });

  it('suggests the debt of a student who owes', async () => {
    const student = await debtor();
    const answer = await links(student.id);
    expect(answer.basis).toBe('debt');
    expect(Number(answer.amount)).toBeGreaterThan(0);
    expect(Buffer.from(answer.payme!.split('/').pop()!, 'base64').toString('utf8')).toContain(`;a=${Math.round(Number(answer.amount) * 100)}`);
  });

  it('puts the Payme link in the debt message to the parents', async () => {
    const student = await debtor();
    expect((await as('DIRECTOR', 'PATCH', '/api/messages/settings/', { body: { filial: student.filialId, events: { debt: { enabled: true } } } })).status).toBe(200);
    const sent = await as('DIRECTOR', 'POST', '/api/messages/debt/', { body: { students: [student.id] } });
    expect(sent.status).toBe(200);
    expect(sent.json.queued).toHaveLength(1);
    const message = (await as('DIRECTOR', 'GET', `/api/messages/?student=${student.id}`)).json.results[0] as { text: string };
    expect(message.text.endsWith((await links(student.id)).payme!)).toBe(true);
  });

  it('gives no link when there is nothing to suggest, 404 for another branch’s student, 403 for a teacher', async () => {
    const none = await links(await fx.groupless());
    expect(none).toMatchObject({ amount: '0.00', basis: 'none', payme: null, click: null });
    const yunusobod = await fx.payer('Yunusobod');
    await t.addEmployee({ role: 'ADMINISTRATOR', phone: '+998935550202', password: 'admin-links', fullName: 'Links Chilonzor', filials: ['Chilonzor'] });
    const { access_token } = await t.signIn('+998935550202', 'admin-links');
    expect((await t.call('GET', `/api/payments/links/${yunusobod.id}/`, { token: access_token })).status).toBe(404);
    expect((await as('TEACHER', 'GET', `/api/payments/links/${yunusobod.id}/`)).status).toBe(403);
  });
});

describe.each(backends())('payment links without keys on %s', (backend) => {
  const t = useTestApp(backend);
  const fx = paymentFixture(t);
  const { as } = ledgerCaller(t);

  it('answers the amount without links', async () => {
    const student = await fx.payer();
    const res = await as('DIRECTOR', 'GET', `/api/payments/links/${student.id}/`);
    expect(paymentLinksAnswer.parse(res.json)).toMatchObject({ amount: '500000.00', payme: null, click: null });
  });
});
