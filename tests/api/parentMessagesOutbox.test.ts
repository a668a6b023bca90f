// The outbox of messages to parents against a local Eskiz (tests/fakes/eskiz.ts): queued only with its event's
// transaction, sent once even by two senders at a time, retried with back-off, held through quiet hours, surviving
// a sender that dies mid-send and an expired token, and silent without keys.
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { filials, parentMessageHistory, parentMessages, students } from '../../server/db/schema';
import { FIRST_RETRY_MS, MAX_ATTEMPTS, retryDelayMs } from '../../server/domain/messages/backoff';
import { enqueueMessage, type NewMessage } from '../../server/domain/messages/outbox';
import type { SmsProvider } from '../../server/domain/messages/provider';
import { LEASE_MS, sendWaitingMessages } from '../../server/domain/messages/sender';
import { eskizProvider } from '../../server/messaging/eskiz';
import { smsProviderFrom } from '../../server/messaging/providers';
import { type FakeEskiz, startFakeEskiz } from '../fakes/eskiz';
import { backends, makeTestApp, openSeededTestDb, openTestDb, testClock, testConfig } from './harness';

describe.each(backends())('parent message outbox on %s', (backend) => {
  let db: Db;
  let drop: () => Promise<void>;
  let eskiz: FakeEskiz;
  let provider: SmsProvider;
  let filialId: number;
  let studentId: number;
  let seq = 0;
  // A weekday afternoon in Tashkent: not quiet.
  const clock = testClock('2026-11-26T15:00:00+05:00');

  beforeAll(async () => {
    const opened = await openTestDb(backend);
    db = opened.handle.db;
    drop = opened.drop;
    [{ id: filialId }] = await db.insert(filials).values({ name: 'Chilonzor' }).returning({ id: filials.id });
    [{ id: studentId }] = await db
      .insert(students)
      .values({ filialId, fullName: 'Aziza Karimova', phone: '+998901112233', parentPhone: '+998901234567' })
      .returning({ id: students.id });
  });
  afterAll(() => drop());
  beforeEach(async () => {
    clock.set('2026-11-26T15:00:00+05:00');
    eskiz = await startFakeEskiz();
    provider = eskizProvider({ baseUrl: eskiz.baseUrl, email: eskiz.email, password: eskiz.password, from: '4546', timeoutMs: 300 });
  });
  afterEach(async () => {
    await eskiz.close();
    await db.delete(parentMessages);
  });

  const message = (over: Partial<NewMessage> = {}): NewMessage => ({
    filialId,
    studentId,
    phone: '+998901234567',
    channel: 'sms',
    event: 'payment',
    sourceId: `entry:${++seq}`,
    text: `Toʻlov qabul qilindi: ${seq}`,
    ...over,
  });
  const queue = (over: Partial<NewMessage> = {}) => db.transaction((tx) => enqueueMessage(tx, message(over), clock.now()));
  const row = async (id: number) => (await db.select().from(parentMessages).where(eq(parentMessages.id, id)))[0];
  const history = async (id: number) =>
    (await db.select().from(parentMessageHistory).where(eq(parentMessageHistory.messageId, id)).orderBy(asc(parentMessageHistory.id))).map((h) => h.status);

  it('exists only when the transaction that queued it commits, and is queued once per event and source', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueMessage(tx, message({ sourceId: 'entry:rolled-back' }), clock.now());
        throw new Error('the payment failed');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await db.select().from(parentMessages)).toEqual([]);

    const id = await queue({ sourceId: 'entry:7' });
    expect(id).toEqual(expect.any(Number));
    expect(await queue({ sourceId: 'entry:7' })).toBeNull();
    // Another event about the same source is another message.
    expect(await queue({ sourceId: 'entry:7', event: 'debt' })).toEqual(expect.any(Number));
    expect(await db.select().from(parentMessages)).toHaveLength(2);
    expect(await history(id!)).toEqual(['waiting']);
  });

  it('sends each due message once, GSM-friendly, with its parts and the gateway id', async () => {
    const id = (await queue({ text: 'Aziza oʻgʻil: toʻlov 150 000 soʻm qabul qilindi.' }))!;
    const run = await sendWaitingMessages(db, provider, clock);
    expect(run).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
    expect(eskiz.sent).toHaveLength(1);
    expect(eskiz.sent[0]).toMatchObject({ mobile_phone: '998901234567', from: '4546', message: "Aziza o'g'il: to'lov 150 000 so'm qabul qilindi." });
    const sent = await row(id);
    expect(sent).toMatchObject({ status: 'sent', parts: 1, attempts: 1, providerMessageId: eskiz.sent[0].id, reason: null, leaseUntil: null });
    expect(sent.sentAt?.toISOString()).toBe(clock.now().toISOString());
    expect(await history(id)).toEqual(['waiting', 'sending', 'sent']);

    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ sent: 0 });
    expect(eskiz.sent).toHaveLength(1);
  });

  it('hands each message to the gateway exactly once when two senders run at the same time', async () => {
    for (let i = 0; i < 30; i++) await queue();
    eskiz.delayMs = 5;
    const runs = await Promise.all([
      sendWaitingMessages(db, provider, clock, 4),
      sendWaitingMessages(db, provider, clock, 4),
      sendWaitingMessages(db, provider, clock, 4),
    ]);
    // Each sender keeps going until nothing is due: the runs take turns (PGlite) or interleave (PostgreSQL).
    let total = runs.reduce((a, r) => a + r.sent, 0);
    while (total < 30) {
      const more = await Promise.all([sendWaitingMessages(db, provider, clock, 4), sendWaitingMessages(db, provider, clock, 4)]);
      const n = more.reduce((a, r) => a + r.sent, 0);
      expect(n).toBeGreaterThan(0);
      total += n;
    }
    expect(total).toBe(30);
    expect(eskiz.sent).toHaveLength(30);
    expect(new Set(eskiz.sent.map((s) => s.message)).size).toBe(30);
    const rows = await db.select().from(parentMessages);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('retries a failed send with a doubling wait and ends failed with the gateway reason after the last attempt', async () => {
    const id = (await queue())!;
    eskiz.failNext(2, 503, 'Service unavailable');
    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ retrying: 1 });
    let r = await row(id);
    expect(r).toMatchObject({ status: 'waiting', attempts: 1, reason: 'Eskiz 503: Service unavailable' });
    expect(r.nextAttemptAt.getTime() - clock.now().getTime()).toBe(FIRST_RETRY_MS);

    // Not due yet: nothing is tried.
    clock.advance(FIRST_RETRY_MS - 1000);
    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ sent: 0, retrying: 0 });
    clock.advance(1000);
    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ retrying: 1 });
    r = await row(id);
    expect(r.nextAttemptAt.getTime() - clock.now().getTime()).toBe(2 * FIRST_RETRY_MS);
    clock.advance(2 * FIRST_RETRY_MS);
    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, reason: null });
    expect(eskiz.sent).toHaveLength(1);

    // A gateway that never recovers: failed after MAX_ATTEMPTS, each wait as the back-off rule says.
    const doomed = (await queue())!;
    eskiz.failNext(MAX_ATTEMPTS + 5, 500, 'Internal error');
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      // Jump over quiet hours by moving to the next due instant and, if it is night, to 08:00 (the sender holds it).
      const due = (await row(doomed)).nextAttemptAt;
      if (due > clock.now()) clock.set(due);
      let run = await sendWaitingMessages(db, provider, clock);
      if (run.held) {
        clock.set((await row(doomed)).nextAttemptAt);
        run = await sendWaitingMessages(db, provider, clock);
      }
      expect(run).toMatchObject(attempt < MAX_ATTEMPTS ? { retrying: 1 } : { failed: 1 });
      const now = await row(doomed);
      if (attempt < MAX_ATTEMPTS) expect(now.nextAttemptAt.getTime() - clock.now().getTime()).toBe(retryDelayMs(attempt));
    }
    expect(await row(doomed)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, reason: 'Eskiz 500: Internal error' });
    clock.advance(24 * 60 * 60_000);
    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
  });

  it('fails at once a message the gateway refuses as such', async () => {
    const id = (await queue({ phone: '+99890123' }))!;
    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row(id)).reason).toContain('Eskiz 400');
  });

  it('retries a send the gateway is too slow to answer', async () => {
    const id = (await queue())!;
    eskiz.delayMs = 1000;
    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ retrying: 1 });
    expect((await row(id)).reason).toMatch(/^Eskiz unreachable/);
    eskiz.delayMs = 0;
    clock.advance(FIRST_RETRY_MS);
    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ sent: 1 });
  });

  it('holds an SMS due in the quiet hours until 08:00 in Tashkent', async () => {
    clock.set('2026-11-26T22:00:00+05:00');
    const id = (await queue())!;
    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ sent: 0, held: 1 });
    expect(eskiz.sent).toEqual([]);
    expect(await row(id)).toMatchObject({ status: 'waiting', attempts: 0 });
    expect((await row(id)).nextAttemptAt.toISOString()).toBe(new Date('2026-11-27T08:00:00+05:00').toISOString());
    clock.set('2026-11-27T07:59:00+05:00');
    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ sent: 0 });
    clock.set('2026-11-27T08:00:00+05:00');
    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ sent: 1 });
    expect(eskiz.sent).toHaveLength(1);
  });

  it('signs in again when the token has expired', async () => {
    await queue();
    await sendWaitingMessages(db, provider, clock);
    expect(eskiz.logins).toBe(1);
    eskiz.expireTokens();
    const id = (await queue())!;
    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ sent: 1 });
    expect(eskiz.logins).toBe(2);
    expect(eskiz.sent).toHaveLength(2);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('puts back a message left sending by a sender that died, once its lease has lapsed', async () => {
    const id = (await queue())!;
    // A sender that claims the message and never comes back (the process died in the middle of the send).
    const dead: SmsProvider = { name: 'dead', send: () => new Promise(() => {}) };
    void sendWaitingMessages(db, dead, clock);
    await expect.poll(async () => (await row(id)).status).toBe('sending');
    // Within the lease nobody touches it.
    clock.advance(LEASE_MS - 1000);
    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ sent: 0, reclaimed: 0 });
    clock.advance(2000);
    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ sent: 1, reclaimed: 1 });
    expect(eskiz.sent).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await history(id)).toEqual(['waiting', 'sending', 'waiting', 'sending', 'sent']);
  });

  it('ignores the late answer of a sender whose lease lapsed while it waited', async () => {
    const id = (await queue())!;
    let answer: (r: { ok: false; reason: string }) => void = () => {};
    const slow: SmsProvider = { name: 'slow', send: () => new Promise((resolve) => (answer = resolve)) };
    const slowRun = sendWaitingMessages(db, slow, clock);
    await expect.poll(async () => (await row(id)).status).toBe('sending');
    clock.advance(LEASE_MS + 1000);
    expect(await sendWaitingMessages(db, provider, clock)).toMatchObject({ sent: 1, reclaimed: 1 });
    answer({ ok: false, reason: 'too late' });
    expect(await slowRun).toEqual({ sent: 0, retrying: 0, failed: 0, held: 0, reclaimed: 0, cancelled: 0 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, reason: null });
    expect(await history(id)).toEqual(['waiting', 'sending', 'waiting', 'sending', 'sent']);
  });

  it('does nothing without gateway keys, and the messages wait', async () => {
    const id = (await queue())!;
    const none = smsProviderFrom(testConfig());
    expect(none).toBeNull();
    expect(await sendWaitingMessages(db, none, clock)).toEqual({ sent: 0, retrying: 0, failed: 0, held: 0, reclaimed: 0, cancelled: 0 });
    expect(await row(id)).toMatchObject({ status: 'waiting', attempts: 0 });
    expect(smsProviderFrom(testConfig({ ESKIZ_EMAIL: 'a@b.uz', ESKIZ_PASSWORD: 'x' }))?.name).toBe('eskiz');
    expect(() => testConfig({ ESKIZ_EMAIL: 'a@b.uz' })).toThrow(/ESKIZ_EMAIL and ESKIZ_PASSWORD/);
    expect(() => testConfig({ ESKIZ_EMAIL: 'a@b.uz', ESKIZ_PASSWORD: 'x', ESKIZ_BASE_URL: 'notify' })).toThrow(/ESKIZ_BASE_URL/);
  });
});

describe.each(backends())('the server jobs send parent messages on %s', (backend) => {
  it('through the configured gateway, and not at all without keys', async () => {
    const eskiz = await startFakeEskiz();
    const opened = await openSeededTestDb(backend);
    try {
      const clock = testClock('2026-11-26T12:00:00+05:00');
      const db = opened.handle.db;
      const [student] = await db.select({ id: students.id, filialId: students.filialId }).from(students).limit(1);
      const id = (await db.transaction((tx) =>
        enqueueMessage(tx, { filialId: student.filialId, studentId: student.id, phone: '+998907654321', channel: 'sms', event: 'debt', sourceId: 'manual:1', text: 'Qarzdorlik haqida eslatma' }, clock.now()),
      ))!;

      const silent = await makeTestApp(db, testConfig(), clock);
      expect((await silent.runJobs()).messages).toEqual({ sent: 0, retrying: 0, failed: 0, held: 0, reclaimed: 0, cancelled: 0 });
      expect((await db.select().from(parentMessages).where(eq(parentMessages.id, id)))[0].status).toBe('waiting');

      const t = await makeTestApp(db, testConfig({ ESKIZ_BASE_URL: eskiz.baseUrl, ESKIZ_EMAIL: eskiz.email, ESKIZ_PASSWORD: eskiz.password, SMS_FROM: 'Markaz' }), clock);
      expect((await t.runJobs()).messages).toMatchObject({ sent: 1 });
      expect(eskiz.sent).toMatchObject([{ mobile_phone: '998907654321', message: 'Qarzdorlik haqida eslatma', from: 'Markaz' }]);
      expect((await t.runJobs()).messages).toMatchObject({ sent: 0 });
    } finally {
      await opened.drop();
      await eskiz.close();
    }
  });
});
