// Messages to parents through the API (issue 17): the branch's settings (switches, templates, limits) and their
// checks, every event queued in its cause's transaction (absence with its correction window, payment, welcome, fee
// reminder, debt), quiet hours on a moved clock, opt-out, the daily limit, the delivery callback, the list with its
// filters and branch scope, resend, and the month's count. Sent through a local Eskiz (tests/fakes/eskiz.ts).
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lessonStartsAt } from '../../contract/lessonClock';
import { messageSettings, parentMessage, parentMessagesPage } from '../../contract/parentMessagesApi';
import { filials, parentMessageEvents, parentMessages } from '../../server/db/schema';
import { queueFeeReminders } from '../../server/domain/messages/feeReminders';
import type { SmsProvider } from '../../server/domain/messages/provider';
import { sendWaitingMessages } from '../../server/domain/messages/sender';
import { eventSetup } from '../../server/domain/messages/settings';
import { eskizProvider } from '../../server/messaging/eskiz';
import { addDays, firstOfMonth, addMonths } from '../../contract/centreDay';
import { type FakeEskiz, startFakeEskiz } from '../fakes/eskiz';
import { EN, REAL_LOCALES } from './catalogueSupport';
import { daysFromToday, eduFixture, today } from './eduFixtures';
import { moneyFixture } from './financeFixtures';
import { backends, testClock, useTestApp } from './harness';

type Event = 'absence' | 'payment' | 'feeReminder' | 'debt' | 'welcome';

describe.each(backends())('messages to parents on %s', (backend) => {
  const clock = testClock(lessonStartsAt(today(), '20:30'));
  const t = useTestApp(backend, { env: REAL_LOCALES, clock });
  const f = eduFixture(t);
  const money = moneyFixture(t, f);
  let eskiz: FakeEskiz;
  let provider: SmsProvider;
  let director: string;

  beforeAll(async () => {
    eskiz = await startFakeEskiz();
    provider = eskizProvider({ baseUrl: eskiz.baseUrl, email: eskiz.email, password: eskiz.password, from: '4546', timeoutMs: 500 });
    director = (await t.signInAs('DIRECTOR')).access_token;
  });
  afterAll(() => eskiz.close());
  beforeEach(() => {
    clock.set(lessonStartsAt(today(), '20:30'));
    eskiz.sent.length = 0;
  });
  afterEach(async () => {
    await t.db.delete(parentMessages);
    await t.db.delete(parentMessageEvents);
    await t.db.update(filials).set({ messageDailyLimit: 500, feeReminderDays: 3, messageLanguage: 'uz' });
  });

  const send = () => sendWaitingMessages(t.db, provider, clock);
  const as = (token: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => t.call(method, path, { token, body, headers });
  const switchOn = async (filial: number, ...events: Event[]) => {
    const res = await as(director, 'PATCH', '/api/messages/settings/', { filial, events: Object.fromEntries(events.map((e) => [e, { enabled: true }])) });
    expect(res.status).toBe(200);
  };
  const messagesOf = (studentId: number) => t.db.select().from(parentMessages).where(eq(parentMessages.studentId, studentId));

  async function lessonSetup() {
    const chilonzor = await f.filial('Chilonzor');
    const teacher = await f.employee('TEACHER');
    const group = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const [ali, vali] = [await f.student(chilonzor, 'Ali Valiyev'), await f.student(chilonzor, 'Vali Aliyev')];
    await f.member(ali.id, group.id, daysFromToday(-20));
    await f.member(vali.id, group.id, daysFromToday(-20));
    const [lesson] = await f.lessons(group, [today()]);
    const mark = (items: { student: number; status: string }[]) => as(teacher.token, 'PUT', `/api/lessons/${lesson}/attendance/`, { items });
    return { chilonzor, teacher, group, ali, vali, lesson, mark };
  }

  describe('settings', () => {
    it('are off with the locale files’ templates until the director changes them, per branch', async () => {
      const chilonzor = await f.filial('Chilonzor');
      const res = await as(director, 'GET', `/api/messages/settings/?filial=${chilonzor}`);
      expect(res.status).toBe(200);
      const settings = messageSettings.strict().parse(res.json);
      expect(settings).toMatchObject({ filial: chilonzor, language: 'uz', fee_reminder_days: 3, daily_limit: 500 });
      expect(settings.events.map((e) => [e.event, e.enabled, e.is_default_uz])).toEqual([
        ['absence', false, true],
        ['payment', false, true],
        ['feeReminder', false, true],
        ['debt', false, true],
        ['welcome', false, true],
      ]);
      expect(settings.events[0].template_uz).toContain('{student}');
      expect(settings.events[0].placeholders).toEqual(['student', 'group', 'date', 'time', 'phone']);

      const saved = await as(director, 'PATCH', '/api/messages/settings/', {
        filial: chilonzor,
        language: 'en',
        fee_reminder_days: 5,
        daily_limit: 100,
        events: { debt: { enabled: true, template_en: 'Please pay {balance}, {student}.' } },
      });
      expect(saved.status).toBe(200);
      expect(saved.json).toMatchObject({ language: 'en', fee_reminder_days: 5, daily_limit: 100 });
      expect(saved.json.events[3]).toMatchObject({ event: 'debt', enabled: true, template_en: 'Please pay {balance}, {student}.', is_default_en: false, is_default_uz: true });
      // null goes back to the default.
      const reset = await as(director, 'PATCH', '/api/messages/settings/', { filial: chilonzor, events: { debt: { template_en: null } } });
      expect(reset.json.events[3]).toMatchObject({ enabled: true, is_default_en: true });
      expect(await t.lastAudit('messages.settings', chilonzor)).toBeDefined();

      // Russian: its own template, sent when the branch's language is Russian; the default from the ru locale file.
      expect(reset.json.events[0]).toMatchObject({ is_default_ru: true });
      expect(reset.json.events[0].template_ru).toContain('{student}');
      const ru = await as(director, 'PATCH', '/api/messages/settings/', { filial: chilonzor, language: 'ru', events: { debt: { template_ru: 'Оплатите {balance}, {student}.' } } });
      expect(ru.json.events[3]).toMatchObject({ template_ru: 'Оплатите {balance}, {student}.', is_default_ru: false });
      expect((await eventSetup(t.db, chilonzor, 'debt'))?.template).toBe('Оплатите {balance}, {student}.');
      await as(director, 'PATCH', '/api/messages/settings/', { filial: chilonzor, language: 'en', events: { debt: { template_ru: null } } });
    });

    it('refuse a template with a placeholder its event cannot fill, an empty or too long one, per field', async () => {
      const chilonzor = await f.filial('Chilonzor');
      const res = await as(
        director,
        'PATCH',
        '/api/messages/settings/',
        { filial: chilonzor, daily_limit: -1, events: { absence: { template_uz: 'Salom {student}, {amount}' }, payment: { template_en: '  ' }, debt: { template_uz: 'x'.repeat(481) } } },
        EN,
      );
      expect(res.status).toBe(400);
      expect(Object.keys(res.json).sort()).toEqual(['daily_limit', 'events.absence.template_uz', 'events.debt.template_uz', 'events.payment.template_en']);
      expect(res.json['events.absence.template_uz'][0]).toContain('placeholder');
      // Nothing was written.
      const after = await as(director, 'GET', `/api/messages/settings/?filial=${chilonzor}`);
      expect(after.json.daily_limit).toBe(500);
    });

    it('are the control page’s, within the user’s branches', async () => {
      const chilonzor = await f.filial('Chilonzor');
      const teacher = await f.employee('TEACHER');
      const admin = await f.employee('ADMINISTRATOR', 'Yunusobod');
      expect((await as(teacher.token, 'GET', `/api/messages/settings/?filial=${chilonzor}`)).status).toBe(403);
      expect((await as(admin.token, 'PATCH', '/api/messages/settings/', { filial: chilonzor, daily_limit: 1 })).status).toBe(403);
    });
  });

  describe('absence', () => {
    it('is queued when attendance is saved, held a few minutes, once per lesson, then sent with the template filled', async () => {
      const { chilonzor, group, ali, vali, mark } = await lessonSetup();
      await switchOn(chilonzor, 'absence');
      expect((await mark([{ student: ali.id, status: 'absent' }, { student: vali.id, status: 'present' }])).status).toBe(200);
      const [queued] = await messagesOf(ali.id);
      expect(queued).toMatchObject({ event: 'absence', status: 'waiting', channel: 'sms', sourceId: expect.stringMatching(/^lesson:\d+$/) });
      expect(queued.nextAttemptAt.getTime() - clock.now().getTime()).toBe(5 * 60_000);
      expect(await messagesOf(vali.id)).toEqual([]);
      // Saved again, still one message.
      await mark([{ student: ali.id, status: 'absent' }]);
      expect(await messagesOf(ali.id)).toHaveLength(1);

      expect(await send()).toMatchObject({ sent: 0 });
      clock.advance(6 * 60_000);
      expect(await send()).toMatchObject({ sent: 1 });
      expect(eskiz.sent[0].message).toContain(`Hurmatli ota-ona! Ali Valiyev bugun (${today().split('-').reverse().join('.')}, 20:00) ${group.name} darsiga kelmadi.`);
    });

    it('is withdrawn when the mark is corrected before it is sent, and waits again when marked absent again', async () => {
      const { chilonzor, ali, mark } = await lessonSetup();
      await switchOn(chilonzor, 'absence');
      await mark([{ student: ali.id, status: 'absent' }]);
      clock.advance(60_000);
      await mark([{ student: ali.id, status: 'present' }]);
      const [cancelled] = await messagesOf(ali.id);
      expect(cancelled).toMatchObject({ status: 'cancelled', reason: 'attendance corrected' });
      clock.advance(10 * 60_000);
      expect(await send()).toMatchObject({ sent: 0 });
      expect(eskiz.sent).toEqual([]);

      await mark([{ student: ali.id, status: 'absent' }]);
      const [again] = await messagesOf(ali.id);
      expect(again.status).toBe('waiting');
      const list = await as(director, 'GET', `/api/messages/?student=${ali.id}`);
      expect(list.json.results[0].history.map((h: { status: string }) => h.status)).toEqual(['waiting', 'cancelled', 'waiting']);
      // After it was sent, a correction changes nothing.
      clock.advance(6 * 60_000);
      await send();
      await mark([{ student: ali.id, status: 'present' }]);
      expect((await messagesOf(ali.id))[0].status).toBe('sent');
    });

    it('queues nothing while the branch has the event switched off', async () => {
      const { ali, mark } = await lessonSetup();
      await mark([{ student: ali.id, status: 'absent' }]);
      expect(await messagesOf(ali.id)).toEqual([]);
    });

    it('waits through the quiet hours for the morning (the clock moved past 21:00)', async () => {
      const { chilonzor, ali, mark } = await lessonSetup();
      await switchOn(chilonzor, 'absence');
      await mark([{ student: ali.id, status: 'absent' }]);
      clock.set(lessonStartsAt(today(), '21:10'));
      expect(await send()).toMatchObject({ sent: 0, held: 1 });
      const [held] = await messagesOf(ali.id);
      expect(held.nextAttemptAt.toISOString()).toBe(new Date(lessonStartsAt(addDays(today(), 1), '08:00')).toISOString());
      clock.set(lessonStartsAt(addDays(today(), 1), '08:00'));
      expect(await send()).toMatchObject({ sent: 1 });
    });
  });

  describe('opt-out', () => {
    it('is set from the student card: nothing is queued to them, and a waiting message is cancelled with the reason', async () => {
      const { chilonzor, ali, vali, mark } = await lessonSetup();
      await switchOn(chilonzor, 'absence');
      await mark([{ student: vali.id, status: 'absent' }]);
      const off = await as(director, 'PATCH', `/api/messages/students/${ali.id}/`, { opt_out: true });
      expect(off.json).toEqual({ student: ali.id, phone: null, opt_out: true });
      expect((await as(director, 'GET', `/api/messages/students/${ali.id}/`)).json.opt_out).toBe(true);
      expect((await as(director, 'PATCH', `/api/messages/students/${vali.id}/`, { opt_out: 'yes' })).status).toBe(400);
      await as(director, 'PATCH', `/api/messages/students/${vali.id}/`, { opt_out: true });
      await mark([{ student: ali.id, status: 'absent' }]);
      expect(await messagesOf(ali.id)).toEqual([]);
      clock.advance(6 * 60_000);
      expect(await send()).toMatchObject({ sent: 0, cancelled: 1 });
      expect((await messagesOf(vali.id))[0]).toMatchObject({ status: 'cancelled', reason: 'parent opted out' });
    });
  });

  describe('daily limit', () => {
    it('sends at most the branch’s limit a day; the rest wait for tomorrow’s morning', async () => {
      const { chilonzor, ali, vali, mark } = await lessonSetup();
      await switchOn(chilonzor, 'absence');
      await as(director, 'PATCH', '/api/messages/settings/', { filial: chilonzor, daily_limit: 1 });
      await mark([{ student: ali.id, status: 'absent' }, { student: vali.id, status: 'absent' }]);
      clock.advance(6 * 60_000);
      expect(await send()).toMatchObject({ sent: 1, held: 1 });
      expect(await send()).toMatchObject({ sent: 0 });
      const waiting = (await t.db.select().from(parentMessages).where(eq(parentMessages.status, 'waiting')))[0];
      expect(waiting.nextAttemptAt.toISOString()).toBe(new Date(lessonStartsAt(addDays(today(), 1), '08:00')).toISOString());
      clock.set(lessonStartsAt(addDays(today(), 1), '08:00'));
      expect(await send()).toMatchObject({ sent: 1 });
    });
  });

  describe('payment received', () => {
    it('is queued with the payment, naming the amount and the new balance', async () => {
      const { chilonzor, ali } = await lessonSetup();
      await switchOn(chilonzor, 'payment');
      const desk = await money.cashier(chilonzor, `Kassa ${ali.id}`);
      const paid = await as(director, 'POST', '/api/finance/', { casher: desk, action: 'income', method: 'cash', amount: '150000.00', student: ali.id });
      expect(paid.status).toBe(201);
      const [m] = await messagesOf(ali.id);
      expect(m).toMatchObject({ event: 'payment', sourceId: `entry:${paid.json.id}` });
      expect(m.text).toContain('150 000');
      expect(m.text).toContain('Balans: 150 000');
      // An expense about the student (a refund) is no payment.
      await as(director, 'POST', '/api/finance/', { casher: desk, action: 'expense', method: 'cash', amount: '1000.00', student: ali.id });
      expect(await messagesOf(ali.id)).toHaveLength(1);
    });
  });

  describe('welcome', () => {
    it('is queued to the lead when an order is created, with the first lesson’s day, time, room and teacher', async () => {
      const { chilonzor, group } = await lessonSetup();
      await switchOn(chilonzor, 'welcome');
      const lead = await as(director, 'POST', '/api/lid/', { full_name: 'Bobur Karimov', phone: '+998935551122', filial: chilonzor });
      expect(lead.status).toBe(201);
      const day = daysFromToday(3);
      const ordered = await as(director, 'PATCH', `/api/lid/${lead.json.id}/create_order`, { group: group.id, first_lesson_date: day });
      expect(ordered.status).toBe(200);
      const [m] = await t.db.select().from(parentMessages).where(eq(parentMessages.leadId, lead.json.id));
      expect(m).toMatchObject({ event: 'welcome', studentId: null, phone: '+998935551122', status: 'waiting' });
      expect(m.text).toContain('Bobur Karimov');
      expect(m.text).toContain(`${group.name} guruhidagi birinchi darsi ${day.split('-').reverse().join('.')} kuni soat 20:00`);
      const listed = await as(director, 'GET', '/api/messages/?event=welcome');
      expect(listed.json.results[0].lead).toEqual({ id: lead.json.id, full_name: 'Bobur Karimov' });
    });
  });

  describe('fee reminder', () => {
    it('goes N days before the month’s first lesson to students whose balance will not cover the month, once a month', async () => {
      // A group whose only lessons are next month's first two.
      const chilonzor = await f.filial('Chilonzor');
      const group = await f.group({ filialId: chilonzor, teacherId: (await f.employee('TEACHER')).id });
      const [ali, vali] = [await f.student(chilonzor, 'Ali Fee'), await f.student(chilonzor, 'Vali Fee')];
      await f.member(ali.id, group.id, daysFromToday(-20));
      await f.member(vali.id, group.id, daysFromToday(-20));
      await switchOn(chilonzor, 'feeReminder');
      const first = firstOfMonth(addMonths(today(), 1));
      await f.lessons(group, [first, addDays(first, 1)]);
      const desk = await money.cashier(chilonzor, `Kassa F ${ali.id}`);
      // Vali paid the month ahead; Ali owes it.
      await as(director, 'POST', '/api/finance/', { casher: desk, action: 'income', method: 'cash', amount: '500000.00', student: vali.id });
      // (The demo centre's students of the branch may be reminded too: only these two are looked at.)
      clock.set(lessonStartsAt(addDays(first, -4), '10:00'));
      await queueFeeReminders(t.db, clock.now());
      expect(await messagesOf(ali.id)).toEqual([]);
      clock.set(lessonStartsAt(addDays(first, -3), '10:00'));
      const ids = await queueFeeReminders(t.db, clock.now());
      const [m] = await messagesOf(ali.id);
      expect(ids).toContain(m.id);
      expect(m).toMatchObject({ event: 'feeReminder', sourceId: `month:${first.slice(0, 7)}` });
      expect(m.text).toContain('500 000');
      expect(await messagesOf(vali.id)).toEqual([]);
      clock.advance(86_400_000);
      await queueFeeReminders(t.db, clock.now());
      expect(await messagesOf(ali.id)).toHaveLength(1);
    });
  });

  describe('debt', () => {
    it('is sent by a person for the ticked debtors, at most once a week per student', async () => {
      const { chilonzor, group, ali, vali } = await lessonSetup();
      await switchOn(chilonzor, 'debt');
      await money.charge(ali.id, group, daysFromToday(-1), '120000.00');
      const res = await as(director, 'POST', '/api/messages/debt/', { students: [ali.id, vali.id] });
      expect(res.status).toBe(200);
      expect(res.json.queued).toHaveLength(1);
      expect(res.json.skipped).toEqual([{ student: vali.id, reason: 'not_debtor' }]);
      expect((await messagesOf(ali.id))[0].text).toContain('120 000');
      const again = await as(director, 'POST', '/api/messages/debt/', { students: [ali.id] });
      expect(again.json).toEqual({ queued: [], skipped: [{ student: ali.id, reason: 'recent' }] });
      clock.advance(8 * 86_400_000);
      expect((await as(director, 'POST', '/api/messages/debt/', { students: [ali.id] })).json.queued).toHaveLength(1);
      // Teachers never; a student of another branch is not found.
      const teacher = await f.employee('TEACHER');
      expect((await as(teacher.token, 'POST', '/api/messages/debt/', { students: [ali.id] })).status).toBe(403);
      const admin = await f.employee('ADMINISTRATOR', 'Yunusobod');
      expect((await as(admin.token, 'POST', '/api/messages/debt/', { students: [ali.id] })).status).toBe(404);
      expect((await as(director, 'POST', '/api/messages/debt/', { students: [] })).status).toBe(400);
    });

    it('reports a branch that has it switched off', async () => {
      const { group, ali } = await lessonSetup();
      await money.charge(ali.id, group, daysFromToday(-1), '120000.00');
      expect((await as(director, 'POST', '/api/messages/debt/', { students: [ali.id] })).json.skipped).toEqual([{ student: ali.id, reason: 'disabled' }]);
    });
  });

  describe('delivery callback, list, resend and the month’s count', () => {
    it('marks a sent message delivered or failed with the gateway’s status; unknown ids change nothing', async () => {
      const { chilonzor, ali, vali, mark } = await lessonSetup();
      await switchOn(chilonzor, 'absence');
      await mark([{ student: ali.id, status: 'absent' }, { student: vali.id, status: 'absent' }]);
      clock.advance(6 * 60_000);
      await send();
      const [toAli, toVali] = [(await messagesOf(ali.id))[0], (await messagesOf(vali.id))[0]];
      const delivered = await t.app.request('/api/messages/eskiz/callback/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ request_id: toAli.providerMessageId!, message_id: '4385062', status: 'DELIVRD', status_date: '2026-11-26 20:37:00' }),
      });
      expect(delivered.status).toBe(200);
      expect(await delivered.json()).toEqual({ ok: true });
      expect((await messagesOf(ali.id))[0]).toMatchObject({ status: 'delivered' });
      const failed = await t.call('POST', '/api/messages/eskiz/callback/', { body: { request_id: toVali.providerMessageId, status: 'UNDELIV' } });
      expect(failed.json).toEqual({ ok: true });
      expect((await messagesOf(vali.id))[0]).toMatchObject({ status: 'failed', reason: 'UNDELIV' });
      expect((await t.call('POST', '/api/messages/eskiz/callback/', { body: { request_id: 'nobody', status: 'DELIVRD' } })).json).toEqual({ ok: false });
      expect((await t.call('POST', '/api/messages/eskiz/callback/', { body: { request_id: 'x' } })).status).toBe(400);
      // A body that is not the form its header announces (found by the fuzzer: it was a 500).
      for (const type of ['multipart/form-data', 'multipart/form-data; boundary=zz']) {
        const bad = await t.app.request('/api/messages/eskiz/callback/', { method: 'POST', headers: { 'content-type': type }, body: 'status=DELIVRD' });
        expect(bad.status).toBe(400);
      }

      // Resend the failed one: it waits again and goes out.
      const resent = await as(director, 'POST', `/api/messages/${toVali.id}/resend/`);
      expect(resent.status).toBe(200);
      expect(parentMessage.strict().parse(resent.json)).toMatchObject({ status: 'waiting', attempts: 0 });
      expect((await as(director, 'POST', `/api/messages/${toAli.id}/resend/`)).status).toBe(409);
      expect(await send()).toMatchObject({ sent: 1 });
    });

    it('takes the gateway’s own report posted to the callback_url the sender passed', async () => {
      const { chilonzor, ali, mark } = await lessonSetup();
      await switchOn(chilonzor, 'absence');
      const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const callbackUrl = `http://127.0.0.1:${port}/api/messages/eskiz/callback/`;
        const reporting = eskizProvider({ baseUrl: eskiz.baseUrl, email: eskiz.email, password: eskiz.password, from: '4546', callbackUrl, timeoutMs: 500 });
        await mark([{ student: ali.id, status: 'absent' }]);
        clock.advance(6 * 60_000);
        expect(await sendWaitingMessages(t.db, reporting, clock)).toMatchObject({ sent: 1 });
        const [sms] = eskiz.sent;
        expect(sms).toMatchObject({ callback_url: callbackUrl, user_sms_id: String((await messagesOf(ali.id))[0].id) });
        const answer = await eskiz.report(sms.id, 'DELIVRD');
        expect(answer.status).toBe(200);
        expect((await messagesOf(ali.id))[0]).toMatchObject({ status: 'delivered' });
        expect((await messagesOf(ali.id))[0].deliveredAt?.toISOString()).toBe(clock.now().toISOString());
      } finally {
        server.close();
      }
    });

    it('lists with filters, history and parts, within the user’s branches; counts the month per branch', async () => {
      const { chilonzor, ali, vali, mark } = await lessonSetup();
      await switchOn(chilonzor, 'absence');
      await mark([{ student: ali.id, status: 'absent' }, { student: vali.id, status: 'absent' }]);
      clock.advance(6 * 60_000);
      eskiz.failNext(1, 400, 'Invalid phone');
      await send();
      const all = await as(director, 'GET', `/api/messages/?filial=${chilonzor}&page_size=1`);
      expect(all.status).toBe(200);
      const page = parentMessagesPage.strict().parse(all.json);
      expect(page.count).toBe(2);
      expect(page.next).toContain('page=2');
      expect(page.results[0]).toMatchObject({ channel: 'sms', event: 'absence', parts: 1 });
      const failed = await as(director, 'GET', '/api/messages/?status=failed');
      expect(failed.json.count).toBe(1);
      expect(failed.json.results[0].history.map((h: { status: string }) => h.status)).toEqual(['waiting', 'sending', 'failed']);
      expect(failed.json.results[0].reason).toContain('Invalid phone');
      expect((await as(director, 'GET', `/api/messages/?student=${ali.id}&event=absence&channel=sms`)).json.count).toBe(1);
      expect((await as(director, 'GET', '/api/messages/?event=debt')).json.count).toBe(0);
      expect((await as(director, 'GET', `/api/messages/?start_date=${addDays(today(), 1)}`)).json.count).toBe(0);
      expect((await as(director, 'GET', `/api/messages/?start_date=${today()}&end_date=${today()}`)).json.count).toBe(2);
      expect((await as(director, 'GET', '/api/messages/?status=lost')).status).toBe(400);

      const yunusobod = await f.employee('ADMINISTRATOR', 'Yunusobod');
      expect((await as(yunusobod.token, 'GET', '/api/messages/')).json.count).toBe(0);
      expect((await as(yunusobod.token, 'GET', `/api/messages/?filial=${chilonzor}`)).status).toBe(404);
      const teacher = await f.employee('TEACHER');
      expect((await as(teacher.token, 'GET', '/api/messages/')).status).toBe(403);

      const stats = await as(director, 'GET', `/api/messages/stats/?month=${today().slice(0, 7)}`);
      expect(stats.status).toBe(200);
      expect(stats.json.provider).toBeNull();
      expect(stats.json.branches.find((b: { filial: number }) => b.filial === chilonzor)).toMatchObject({ count: 2, parts: 1, failed: 1 });
      expect((await as(yunusobod.token, 'GET', '/api/messages/stats/')).json.branches.map((b: { name: string }) => b.name)).toEqual(['Yunusobod']);
    });
  });
});
