// The freeze job: a scheduled freeze starts on its first day (active → frozen) and a freeze that has run out
// ends the day after its last (frozen → active). Run at server start and every ten minutes (server/main.ts);
// running it again changes nothing. Logged with no actor and `auto: true`.
import { type AnyColumn, and, eq, gte, isNull, lte, notExists, type SQL, sql } from 'drizzle-orm';
import { studentTransition } from '../../contract/studentStatus';
import type { Db, Tx } from '../db/client';
import { studentFreezes, studentLogs, students } from '../db/schema';
import { audit } from '../domain/audit/record';
import { centreToday } from '../domain/lessons/dates';
import { everyPeriod } from './runOnce';
import type { Clock } from '../domain/core/clock';

export type FreezeJobResult = { started: number[]; ended: number[] };

/** A freeze of the student (an id or a column) that covers `today` and was not ended early. */
const coversToday = (student: number | SQL | AnyColumn, today: string) =>
  and(eq(studentFreezes.studentId, student), isNull(studentFreezes.endedOn), lte(studentFreezes.fromDate, today), gte(studentFreezes.toDate, today));

/** The freeze covering `today` for a student (not ended early), if any. */
async function coveringFreeze(tx: Tx, studentId: number, today: string) {
  const [row] = await tx
    .select({ id: studentFreezes.id, fromDate: studentFreezes.fromDate, toDate: studentFreezes.toDate, reason: studentFreezes.reason })
    .from(studentFreezes)
    .where(coversToday(studentId, today))
    .limit(1);
  return row;
}

async function logAuto(
  tx: Tx,
  s: { id: number; filialId: number },
  move: 'freeze' | 'unfreeze',
  from: string,
  to: string,
  detail: Record<string, unknown>,
) {
  await tx
    .insert(studentLogs)
    .values({
      studentId: s.id,
      actorId: null,
      action: `status.${move}`,
      fromStatus: from,
      toStatus: to,
      detail: { ...detail, auto: true },
    });
  await audit(tx, {
    actorId: null,
    action: `student.${move}`,
    entity: 'student',
    entityId: s.id,
    filialId: s.filialId,
    before: { status: from },
    after: { status: to, ...detail, auto: true },
  });
}

/** Starts and ends freezes as of `today`, the centre's date (centreToday of the clock's instant). */
export async function applyFreezes(db: Db, today: string): Promise<FreezeJobResult> {
  const result: FreezeJobResult = { started: [], ended: [] };
  // Active students with a freeze covering today: it begins.
  const due = await db
    .selectDistinct({ id: students.id })
    .from(students)
    .innerJoin(studentFreezes, eq(studentFreezes.studentId, students.id))
    .where(and(eq(students.status, 'active'), coversToday(students.id, today)));
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [s] = await tx
        .select({ id: students.id, filialId: students.filialId, status: students.status, archivedFrom: students.archivedFromStatus })
        .from(students)
        .where(eq(students.id, id))
        .for('update');
      const freeze = await coveringFreeze(tx, id, today);
      if (!freeze || s.status !== 'active') return;
      const next = studentTransition(
        { status: s.status, archived_from: s.archivedFrom ?? null },
        { type: 'freeze', from_date: freeze.fromDate, to_date: freeze.toDate, reason: freeze.reason },
      );
      if (!next) return;
      await tx
        .update(students)
        .set({
          status: next.status,
          frozenFrom: freeze.fromDate,
          frozenTo: freeze.toDate,
          frozenReason: freeze.reason,
          updatedAt: sql`now()`,
        })
        .where(eq(students.id, id));
      await logAuto(tx, s, 'freeze', s.status, next.status, {
        freeze: freeze.id,
        from_date: freeze.fromDate,
        to_date: freeze.toDate,
        reason: freeze.reason,
      });
      result.started.push(id);
    });
  }
  // Frozen students with no freeze covering today: it has run out. Those still covered are left out here (every
  // frozen student was a transaction of its own, 9.5 s of every ten minutes at 100,000 students); each one found
  // is checked again under its row lock.
  const frozen = await db
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.status, 'frozen'),
        notExists(db.select({ one: sql`1` }).from(studentFreezes).where(coversToday(students.id, today))),
      ),
    );
  for (const { id } of frozen) {
    await db.transaction(async (tx) => {
      const [s] = await tx
        .select({
          id: students.id,
          filialId: students.filialId,
          status: students.status,
          archivedFrom: students.archivedFromStatus,
          frozenTo: students.frozenTo,
        })
        .from(students)
        .where(eq(students.id, id))
        .for('update');
      if (s.status !== 'frozen' || (await coveringFreeze(tx, id, today))) return;
      const next = studentTransition({ status: s.status, archived_from: s.archivedFrom ?? null }, { type: 'unfreeze' });
      if (!next) return;
      await tx
        .update(students)
        .set({ status: next.status, frozenFrom: null, frozenTo: null, frozenReason: null, updatedAt: sql`now()` })
        .where(eq(students.id, id));
      await logAuto(tx, s, 'unfreeze', s.status, next.status, { to_date: s.frozenTo });
      result.ended.push(id);
    });
  }
  return result;
}

/** Runs applyFreezes now and every `everyMs` on `clock`, once per period across processes (runOnce.ts). Returns stop(). */
export function scheduleFreezes(db: Db, clock: Clock, everyMs = 10 * 60_000): () => void {
  return everyPeriod(db, clock, 'freezes', everyMs, async (now) => {
    const r = await applyFreezes(db, centreToday(now));
    if (r.started.length || r.ended.length) console.log(`Freezes: ${r.started.length} started, ${r.ended.length} ended.`);
  });
}
