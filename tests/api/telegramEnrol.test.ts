// Issue 18 §3 on the parents' bot, against the local Bot API (tests/fakes/telegram.ts): "I want to enrol" asks the
// name, the phone (Telegram's contact button, or typed) and the subject, then the branch (the demo centre has
// several), and makes the lead with the source "Telegram" in that branch, ringing its call operators. The
// conversation lives in the database, so it survives a restart of the bot; a cancel leaves nothing behind.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filials, leads, marketingSources, notifications, subjects, telegramEnrolments } from '../../server/db/schema';
import { pollTelegramOnce } from '../../server/jobs/telegramUpdates';
import { telegramFrom } from '../../server/messaging/providers';
import { type FakeTelegram, startFakeTelegram } from '../fakes/telegram';
import { REAL_LOCALES } from './catalogueSupport';
import { backends, useTestApp } from './harness';

describe.each(backends())('enrolling through the Telegram bot on %s', (backend) => {
  const env: Record<string, string> = { ...REAL_LOCALES };
  let fake: FakeTelegram;
  beforeAll(async () => {
    fake = await startFakeTelegram();
    Object.assign(env, { TELEGRAM_BOT_TOKEN: fake.token, TELEGRAM_API_BASE_URL: fake.baseUrl });
  });
  afterAll(() => fake?.close());
  const t = useTestApp(backend, { env });
  let chat = 8_100_000_000 + (process.pid % 1000) * 1000;

  /** The parent says `text` (or shares a contact); the bot's one answer, polled as the server polls. */
  async function ask(chatId: number, text: string | { contact: string }, from?: { language_code?: string }) {
    const before = fake.sent.length;
    if (typeof text === 'string') await fake.parentSays(chatId, text, from);
    else await fake.parentSharesContact(chatId, text.contact, from);
    await pollTelegramOnce(t.db, telegramFrom(t.config)!, t.clock, 0);
    const sent = await fake.waitForSent(before + 1);
    expect(sent.length).toBe(before + 1);
    return sent[before];
  }

  it('asks name, phone by the contact button, subject and branch, and makes the lead with the source Telegram', async () => {
    const me = ++chat;
    const operator = await t.addEmployee({ role: 'CALL_OPERATOR', phone: `+99897${String(process.pid % 1000).padStart(3, '0')}0001`, password: 'op-pass-1', fullName: 'Bot Operator', filials: ['Yunusobod'] });
    const welcome = await ask(me, '/start');
    expect(welcome.reply_markup?.keyboard?.flat().map((b) => b.text)).toEqual(['📝 Kursga yozilish']);

    expect((await ask(me, '📝 Kursga yozilish')).text).toContain('ismingiz');
    const askPhone = await ask(me, 'Dilshod Rahimov');
    expect(askPhone.reply_markup?.keyboard?.[0]).toEqual([{ text: '📱 Raqamni yuborish', request_contact: true }]);
    const askSubject = await ask(me, { contact: '998931234567' });
    const names = (await t.db.select({ name: subjects.name }).from(subjects).where(eq(subjects.isArchived, false))).map((s) => s.name);
    expect(askSubject.text).toBe('Qaysi fanni o‘qimoqchisiz? Tugmalardan birini tanlang.');
    expect(askSubject.reply_markup?.keyboard?.flat().map((b) => b.text)).toEqual(expect.arrayContaining(names));
    expect((await ask(me, 'Astronomiya')).text).toBe('Fanni pastdagi tugmalardan tanlang.');
    const askBranch = await ask(me, names[0].toLowerCase());
    expect(askBranch.text).toContain('filial');
    const done = await ask(me, 'Yunusobod');
    expect(done.text).toBe('Rahmat, Dilshod Rahimov! Arizangiz qabul qilindi: operatorimiz tez orada +998931234567 raqamiga qo‘ng‘iroq qiladi.');
    expect(done.reply_markup).toEqual({ remove_keyboard: true });

    const [yunusobod] = await t.db.select().from(filials).where(eq(filials.name, 'Yunusobod'));
    const [lead] = await t.db.select().from(leads).where(eq(leads.phone, '+998931234567'));
    const [source] = await t.db.select().from(marketingSources).where(eq(marketingSources.id, lead.sourceId!));
    const [subject] = await t.db.select().from(subjects).where(eq(subjects.id, lead.subjectId!));
    expect(lead).toMatchObject({ filialId: yunusobod.id, fullName: 'Dilshod Rahimov', stage: 'YANGI_LEAD', createdBy: null });
    expect(source.name.toLowerCase()).toBe('telegram');
    expect(subject.name).toBe(names[0]);
    const bell = await t.db.select().from(notifications).where(eq(notifications.userId, operator));
    expect(bell.map((n) => n.comment)).toEqual(['Telegram botdan yangi lid: Dilshod Rahimov, +998931234567']);
    expect(await t.db.select().from(telegramEnrolments).where(eq(telegramEnrolments.chatId, me))).toEqual([]);
  });

  it('takes a typed phone, asks again for a wrong one, speaks English, and a cancel leaves nothing', async () => {
    const me = ++chat;
    const en = { language_code: 'en' };
    expect((await ask(me, '/enrol', en)).text).toContain('write your first and last name');
    await ask(me, 'Jane Doe', en);
    expect((await ask(me, '12345', en)).text).toBe('The number must look like +998 XX XXX XX XX. Please send it again.');
    expect((await ask(me, '+998 90 765 43 21', en)).text).toContain('Which subject');
    // The state is in the database: what the bot asked last is remembered by the row, not by the process.
    const [row] = await t.db.select().from(telegramEnrolments).where(eq(telegramEnrolments.chatId, me));
    expect(row).toMatchObject({ step: 'subject', fullName: 'Jane Doe', phone: '+998907654321' });
    expect((await ask(me, '❌ Cancel', en)).text).toBe('Enrolment cancelled.');
    expect(await t.db.select().from(telegramEnrolments).where(eq(telegramEnrolments.chatId, me))).toEqual([]);
    expect(await t.db.select().from(leads).where(and(eq(leads.phone, '+998907654321')))).toEqual([]);
    // After the cancel the bot is back to its usual answers.
    expect((await ask(me, 'hello', en)).text).toBe('No student is linked to this chat yet. Open the link the centre gave you.');
  });
});
