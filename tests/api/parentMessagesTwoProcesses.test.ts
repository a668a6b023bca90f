// Issue 17: two server processes on one PostgreSQL send each waiting message once. Two real OS processes run the
// sender (tests/support/senderProcess.ts) at the same time against a local Eskiz; every message reaches the gateway
// exactly once, ends `sent`, and both processes take a share.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filials, parentMessages, students } from '../../server/db/schema';
import { startFakeEskiz, type FakeEskiz } from '../fakes/eskiz';
import { adminQuery, databaseUrl } from './templates';
import { postgresHandle, migrate, type DbHandle } from '../../server/db/client';

const run = promisify(execFile);
const MESSAGES = 300;

describe('two server processes sending parents’ messages on postgres', () => {
  const name = `markaz_t_${randomBytes(6).toString('hex')}`;
  let handle: DbHandle;
  let eskiz: FakeEskiz;

  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    handle = postgresHandle(databaseUrl(name));
    await migrate(handle.db);
    eskiz = await startFakeEskiz();
  });
  afterAll(async () => {
    await eskiz?.close();
    await handle?.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  it('hands every message to the gateway once', async () => {
    const db = handle.db;
    const [{ id: filialId }] = await db.insert(filials).values({ name: 'Chilonzor', messageDailyLimit: 100_000 }).returning({ id: filials.id });
    const [{ id: studentId }] = await db.insert(students).values({ filialId, fullName: 'Aziza Karimova', phone: '+998901112233', parentPhone: '+998901234567' }).returning({ id: students.id });
    // A weekday afternoon in Tashkent for both processes' clocks: no quiet hours.
    const instant = '2026-11-26T15:00:00+05:00';
    const now = new Date(instant);
    await db.insert(parentMessages).values(
      Array.from({ length: MESSAGES }, (_, i) => ({
        filialId,
        studentId,
        phone: '+998901234567',
        channel: 'sms' as const,
        event: 'debt' as const,
        sourceId: `two:${i}`,
        text: `Xabar ${i}`,
        nextAttemptAt: new Date(now.getTime() - 1000),
        createdAt: now,
      })),
    );
    const sender = () => run(process.execPath, ['--import', 'tsx', 'tests/support/senderProcess.ts', databaseUrl(name), eskiz.baseUrl, instant], { cwd: process.cwd(), timeout: 120_000 });
    const [a, b] = await Promise.all([sender(), sender()]);
    const sentBy = [a, b].map((r) => (JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { sent: number }).sent);
    const rows = await db.select({ status: parentMessages.status }).from(parentMessages).where(eq(parentMessages.studentId, studentId));
    expect(sentBy[0] + sentBy[1]).toBe(MESSAGES);
    expect(Math.min(...sentBy)).toBeGreaterThan(0);
    expect(eskiz.sent).toHaveLength(MESSAGES);
    expect(new Set(eskiz.sent.map((m) => m.message)).size).toBe(MESSAGES);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });
});
