// Issue 17, Telegram for parents, against a local Bot API (tests/fakes/telegram.ts): a one-time link from the
// student card joins a parent's chat to the student (once; not another chat, not after a week); the parent asks
// the bot for the balance, this month's attendance and the next lesson; updates arrive by long polling (one
// process polls at a time) or by the webhook with its secret; staff unlink a chat; without a token nothing changes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentTelegram, telegramLinkAnswer } from '../../contract/telegram';
import { studentBalances, students } from '../../server/db/schema';
import { holdPollLease, LEASE_MS, pollTelegramOnce, startTelegramPolling } from '../../server/jobs/telegramUpdates';
import { telegramFrom } from '../../server/messaging/providers';
import { type FakeTelegram, startFakeTelegram } from '../fakes/telegram';
import { REAL_LOCALES } from './catalogueSupport';
import { daysFromToday, eduFixture, today } from './eduFixtures';
import { ledgerCaller } from './financeLedgerSupport';
import { backends, type TestApp, testClock, useTestApp } from './harness';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** A fake Bot API for the describe block, configured into its app before the app is made. */
function withFakeTelegram(env: Record<string, string>, extra: Record<string, string> = {}) {
  const holder = { fake: undefined as unknown as FakeTelegram };
  beforeAll(async () => {
    holder.fake = await startFakeTelegram();
    Object.assign(env, { TELEGRAM_BOT_TOKEN: holder.fake.token, TELEGRAM_API_BASE_URL: holder.fake.baseUrl, ...extra });
  });
  afterAll(() => holder.fake?.close());
  return holder;
}

describe.each(backends())('parents on Telegram on %s', (backend) => {
  describe('by long polling', () => {
    const env: Record<string, string> = { ...REAL_LOCALES };
    const tg = withFakeTelegram(env);
    const clock = testClock(new Date());
    const t = useTestApp(backend, { env, clock });
    const f = eduFixture(t);
    const { as } = ledgerCaller(t);
    const poll = () => pollTelegramOnce(t.db, telegramFrom(t.config)!, clock, 0);
    let chat = 7_000_000_000;

    async function linkFor(studentId: number, role: 'ADMINISTRATOR' | 'DIRECTOR' = 'ADMINISTRATOR') {
      const res = await as(role, 'POST', `/api/students/${studentId}/telegram/link/`);
      expect(res.status).toBe(201);
      const link = telegramLinkAnswer.parse(res.json);
      expect(link.url).toMatch(/^https:\/\/t\.me\/markaz_test_bot\?start=[A-Za-z0-9_-]{32}$/);
      return new URL(link.url).searchParams.get('start')!;
    }

    /** The parent sends `text`; the bot's one new answer. */
    async function ask(chatId: number, text: string, from?: { first_name?: string; language_code?: string }) {
      const before = tg.fake.sent.length;
      await tg.fake.parentSays(chatId, text, from);
      await poll();
      const sent = await tg.fake.waitForSent(before + 1);
      expect(sent.length).toBe(before + 1);
      return sent[before];
    }

    /** A Chilonzor student in a group, with a lesson marked today and one planned in two days. */
    async function pupil() {
      const filialId = await t.filialId('Chilonzor');
      const teacher = await f.employee('TEACHER');
      const group = await f.group({ filialId, teacherId: teacher.id });
      const student = await f.student(filialId);
      await f.member(student.id, group.id, daysFromToday(-30));
      const [held] = await f.lessons(group, [today()]);
      await f.lessons(group, [daysFromToday(2)]);
      await f.mark(held, student.id, 'absent');
      return { student, group };
    }

    it('links a chat with a one-time link and answers the parent’s questions about the child', async () => {
      const { student, group } = await pupil();
      const token = await linkFor(student.id);
      const me = ++chat;
      const linked = await ask(me, `/start ${token}`, { first_name: 'Dilnoza' });
      expect(linked.text).toContain(student.full_name);
      expect(linked.reply_markup?.keyboard?.flat().map((b) => b?.text)).toEqual(['💰 Balans', '📋 Davomat', '📅 Keyingi dars', '🧾 Kvitansiya']);
      const card = studentTelegram.parse((await as('ADMINISTRATOR', 'GET', `/api/students/${student.id}/telegram/`)).json);
      expect(card).toMatchObject({ configured: true, chats: [{ name: 'Dilnoza' }] });

      await t.db.insert(studentBalances).values({ studentId: student.id, groupId: group.id, balance: '-250000.00' }).onConflictDoUpdate({
        target: [studentBalances.studentId, studentBalances.groupId],
        set: { balance: '-250000.00' },
      });
      expect((await ask(me, '💰 Balans')).text).toBe(`${student.full_name}: qarz 250 000 so‘m`);
      expect((await ask(me, '📋 Davomat')).text).toMatch(new RegExp(`^${student.full_name}, \\S+ \\d{4}: keldi 0, kechikdi 0, sababli 0, kelmadi 1$`));
      const next = (await ask(me, '/next')).text;
      const [y, m, d] = daysFromToday(2).split('-');
      expect(next).toContain(`${d}.${m}.${y}, 20:00 — ${group.name}`);
      // In English for a parent whose Telegram is in English; anything else gets the help.
      expect((await ask(me, '/balance', { language_code: 'en' })).text).toBe(`${student.full_name}: owes 250 000 so‘m`);
      expect((await ask(me, 'salom')).text).toBe('Tugmalardan foydalaning: balans, shu oy davomati yoki keyingi dars.');
    });

    it('spends a link once: another chat, an unknown token and a week-old link are refused', async () => {
      const { student } = await pupil();
      const token = await linkFor(student.id);
      const first = ++chat;
      expect((await ask(first, `/start ${token}`)).text).toContain(student.full_name);
      // The same chat opening it again is still linked; a second chat is not.
      expect((await ask(first, `/start ${token}`)).text).toContain(student.full_name);
      const second = ++chat;
      expect((await ask(second, `/start ${token}`)).text).toBe('Bu havola allaqachon ishlatilgan yoki muddati tugagan. Markazdan yangi havola so‘rang.');
      expect((await ask(second, '💰 Balans')).text).toBe('Bu chatga hali hech bir o‘quvchi ulanmagan. Markaz bergan havolani oching.');
      expect((await ask(second, '/start nosuchtoken')).text).toBe('Bu havola topilmadi. Markaz bergan havolani to‘liq oching.');
      expect((await ask(second, '/start')).text).toContain('Assalomu alaykum');

      const old = await linkFor(student.id);
      clock.advance(8 * 86_400_000);
      try {
        expect((await ask(second, `/start ${old}`)).text).toContain('muddati tugagan');
      } finally {
        clock.advance(-8 * 86_400_000);
      }
    });

    it('lets staff unlink a chat, keeps to the office and the branch, and stops answering for an archived student', async () => {
      const { student } = await pupil();
      const me = ++chat;
      await ask(me, `/start ${await linkFor(student.id)}`);
      const card = studentTelegram.parse((await as('ADMINISTRATOR', 'GET', `/api/students/${student.id}/telegram/`)).json);
      expect((await as('TEACHER', 'POST', `/api/students/${student.id}/telegram/link/`)).status).toBe(403);
      expect((await as('ADMINISTRATOR', 'DELETE', `/api/students/${student.id}/telegram/${card.chats[0].id}/`)).status).toBe(204);
      expect(await t.lastAudit('telegram_chat.unlink', student.id)).toBeTruthy();
      expect((await ask(me, '💰 Balans')).text).toContain('hali hech bir o‘quvchi ulanmagan');
      expect((await as('ADMINISTRATOR', 'DELETE', `/api/students/${student.id}/telegram/${card.chats[0].id}/`)).status).toBe(404);

      await ask(me, `/start ${await linkFor(student.id)}`);
      await t.db.update(students).set({ isArchived: true }).where(eq(students.id, student.id));
      expect((await ask(me, '💰 Balans')).text).toContain('hali hech bir o‘quvchi ulanmagan');
    });

    it('sends the parents’ messages to the linked chats instead of SMS, silently at night, and by SMS once unlinked', async () => {
      const { student, group } = await pupil();
      const me = ++chat;
      await ask(me, `/start ${await linkFor(student.id)}`);
      const filial = await t.filialId('Chilonzor');
      expect((await as('DIRECTOR', 'PATCH', '/api/messages/settings/', { body: { filial, events: { payment: { enabled: true } } } })).status).toBe(200);
      const desk = await as('DIRECTOR', 'POST', '/api/finance/casher/', { body: { name: `Kassa TG ${chat}`, filial } });
      const pay = async () => {
        const res = await as('ADMINISTRATOR', 'POST', '/api/finance/', { body: { casher: desk.json.id, action: 'income', method: 'cash', amount: '120000', student: student.id, group: group.id } });
        expect(res.status).toBe(201);
      };
      const messages = async () => (await as('DIRECTOR', 'GET', `/api/messages/?student=${student.id}`)).json.results as { channel: string; status: string; reason: string | null }[];

      // Late evening in Tashkent: the message goes now, without a sound.
      const saved = clock.now();
      clock.set(`${today()}T22:30:00+05:00`);
      try {
        await pay();
        const before = tg.fake.sent.length;
        expect((await t.runJobs()).messages.sent).toBe(1);
        const [sent] = tg.fake.sent.slice(before);
        expect(sent).toMatchObject({ chat_id: me, disable_notification: true });
        expect(sent.text).toContain('120 000');
        expect((await messages())[0]).toMatchObject({ channel: 'telegram', status: 'sent' });

        // The latest payment's receipt as a PDF, on the parent's asking.
        const receipt = await ask(me, '/receipt');
        expect(receipt.document?.name).toMatch(/^kvitansiya-\d+\.pdf$/);
        expect(receipt.document?.type).toBe('application/pdf');
        expect(receipt.document?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
        expect(receipt.text).toContain(student.full_name);

        // A parent who blocked the bot: refused for good.
        tg.fake.blocked.add(me);
        await pay();
        expect((await t.runJobs()).messages.failed).toBe(1);
        expect((await messages())[0]).toMatchObject({ channel: 'telegram', status: 'failed', reason: 'Telegram 403: Forbidden: bot was blocked by the user' });
        tg.fake.blocked.delete(me);

        // Unlinked after the message was queued: it goes by SMS (waiting here: no SMS gateway in this app).
        await pay();
        const card = studentTelegram.parse((await as('ADMINISTRATOR', 'GET', `/api/students/${student.id}/telegram/`)).json);
        await as('ADMINISTRATOR', 'DELETE', `/api/students/${student.id}/telegram/${card.chats[0].id}/`);
        await t.runJobs();
        expect((await messages())[0]).toMatchObject({ channel: 'sms', status: 'waiting' });
      } finally {
        clock.set(saved);
      }
    });

    it('keeps polling in the background until stopped, and answers what arrives meanwhile', async () => {
      const stop = startTelegramPolling(t.db, telegramFrom(t.config), clock, 1);
      try {
        const before = tg.fake.sent.length;
        await tg.fake.parentSays(++chat, '/start');
        expect((await tg.fake.waitForSent(before + 1))[before].text).toContain('Assalomu alaykum');
        await tg.fake.parentSays(++chat, '/start');
        await tg.fake.waitForSent(before + 2);
      } finally {
        stop();
      }
    });

    it('lets one process poll at a time, and another take over when the first stops', async () => {
      // Past the lease the background poller of the test before held.
      const now = new Date(clock.now().getTime() + 2 * LEASE_MS);
      expect(await holdPollLease(t.db, 'process-a', now)).toBe(true);
      expect(await holdPollLease(t.db, 'process-b', now)).toBe(false);
      expect(await holdPollLease(t.db, 'process-a', new Date(now.getTime() + 10_000))).toBe(true);
      expect(await holdPollLease(t.db, 'process-b', new Date(now.getTime() + 10_000 + LEASE_MS - 1))).toBe(false);
      expect(await holdPollLease(t.db, 'process-b', new Date(now.getTime() + 10_000 + LEASE_MS + 1))).toBe(true);
      // The offset is kept: an update once handled is not handled again after a restart.
      const before = tg.fake.sent.length;
      await tg.fake.parentSays(++chat, '/start');
      expect(await poll()).toBe(1);
      expect(await poll()).toBe(0);
      expect(tg.fake.sent.length).toBe(before + 1);
      const offset = rowsOf<{ value: string }>(await t.db.execute("select value from app_settings where key = 'telegram.offset'"));
      expect(Number(offset[0].value)).toBeGreaterThan(0);
    });
  });

  describe('by webhook', () => {
    const env: Record<string, string> = { ...REAL_LOCALES };
    const tg = withFakeTelegram(env, { TELEGRAM_WEBHOOK_SECRET: 'hook-secret_123' });
    const t = useTestApp(backend, env);
    const { as } = ledgerCaller(t);

    async function post(t: TestApp, update: unknown, secret?: string) {
      return t.call('POST', '/api/telegram/webhook/', { body: update, headers: secret ? { 'x-telegram-bot-api-secret-token': secret } : {} });
    }

    it('takes updates only with the secret token, and answers them', async () => {
      const filialId = await t.filialId('Chilonzor');
      const student = await eduFixture(t).student(filialId);
      const res = await as('DIRECTOR', 'POST', `/api/students/${student.id}/telegram/link/`);
      const token = new URL(telegramLinkAnswer.parse(res.json).url).searchParams.get('start');
      const update = { update_id: 1, message: { message_id: 1, from: { id: 55, first_name: 'Ota' }, chat: { id: 55, type: 'private' }, text: `/start ${token}` } };
      expect((await post(t, update)).status).toBe(401);
      expect((await post(t, update, 'wrong-secret')).status).toBe(401);
      expect(tg.fake.sent).toHaveLength(0);
      const bad = await post(t, { update_id: 'x' }, 'hook-secret_123');
      expect(bad.status).toBe(400);
      expect(bad.json.update_id).toBeDefined();
      expect((await post(t, update, 'hook-secret_123')).status).toBe(204);
      expect(tg.fake.sent.at(-1)?.text).toContain(student.full_name);
      expect(studentTelegram.parse((await as('DIRECTOR', 'GET', `/api/students/${student.id}/telegram/`)).json).chats).toHaveLength(1);
    });
  });

  describe('without a bot', () => {
    const t = useTestApp(backend, REAL_LOCALES);
    const { as } = ledgerCaller(t);

    it('says no bot is configured, makes no link and has no webhook', async () => {
      const student = await eduFixture(t).student(await t.filialId('Chilonzor'));
      expect(studentTelegram.parse((await as('ADMINISTRATOR', 'GET', `/api/students/${student.id}/telegram/`)).json)).toEqual({ configured: false, chats: [] });
      const res = await as('ADMINISTRATOR', 'POST', `/api/students/${student.id}/telegram/link/`);
      expect(res.status).toBe(409);
      expect(res.json.detail).toBe('No Telegram bot is configured (TELEGRAM_BOT_TOKEN)');
      expect((await t.call('POST', '/api/telegram/webhook/', { body: { update_id: 1 } })).status).toBe(404);
    });
  });
});
