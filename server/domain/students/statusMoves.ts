// A student's status moves (contract/studentStatus.ts is the rule; this writes what it decides): enrol,
// activate, freeze, unfreeze, archive, unarchive. Each move locks the student, asks studentTransition (null is a
// 409), writes the student's columns, the freeze rows, a student_logs row and an audit row in one transaction.
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { studentTransition, type StudentMove, type StudentMoveType, type StudentStatus } from '../../../contract/studentStatus';
import type { StudentBrief } from '../../../contract/students';
import type { Db, Tx } from '../../db/client';
import { studentFreezes, studentGroups, studentLogs, students } from '../../db/schema';
import { conflictMessage, forbidden } from '../core/errors';
import { audit } from '../audit/record';
import { syncCharges } from '../billing/charges';
import { type Actor, assertOfficeWriter } from '../lessons/access';
import { addDays, centreToday, dayText } from '../lessons/dates';
import { findStudent, studentBriefColumns } from './students';
import { lastDaySql, lessonBegunToday } from '../lessons/roster';

/** What a move changed besides the status. */
export type StudentMoveResult = StudentBrief & {
  move: StudentMoveType;
  from_status: StudentStatus;
  /** The freeze the move created, ended or cancelled. */
  freeze: {
    id: number;
    from_date: string;
    to_date: string;
    ended_on: string | null;
    scheduled: boolean;
  } | null;
  /** Open memberships closed by an archiving. */
  closed_memberships: number;
};

/** The freeze that is running or still to come for a student (not ended early, not over), locked. */
export async function openFreeze(tx: Tx, studentId: number, today: string) {
  const [row] = await tx
    .select({
      id: studentFreezes.id,
      fromDate: studentFreezes.fromDate,
      toDate: studentFreezes.toDate,
    })
    .from(studentFreezes)
    .where(and(eq(studentFreezes.studentId, studentId), isNull(studentFreezes.endedOn), gte(studentFreezes.toDate, today)))
    .orderBy(studentFreezes.fromDate)
    .limit(1)
    .for('update');
  return row;
}

/**
 * Ends a freeze at `now`, as leaving a group does (lessons/roster.ts, lastDaySql): the last frozen day is today when
 * a lesson of one of the student's groups has already begun today (it was held without them: putting them back on
 * its roster would charge them for it), else yesterday, so they are charged from today. A freeze that has not begun
 * ends the day before it begins and so covers no day; one that begins today, the same unless a lesson began.
 */
export async function endFreeze(tx: Tx, freeze: { id: number; fromDate: string }, studentId: number, today: string, now: Date): Promise<string> {
  const endedOn =
    freeze.fromDate > today
      ? addDays(freeze.fromDate, -1)
      : (await lessonBegunToday(tx, studentId, today, now))
        ? today
        : addDays(today, -1);
  await tx.update(studentFreezes).set({ endedOn }).where(eq(studentFreezes.id, freeze.id));
  return endedOn;
}

const moveName = (move: StudentMove) => `status.${move.type}`;

/**
 * Runs `move` inside the caller's transaction (addToGroup enrols a testing student this way). `today` is the
 * centre's date unless a caller (tests) fixes it.
 */
export async function moveStudentStatusIn(
  tx: Tx,
  actor: Actor,
  id: number,
  move: StudentMove,
  today: string = centreToday(actor.now),
): Promise<StudentMoveResult> {
  assertOfficeWriter(actor.user);
  const brief = await findStudent(tx, actor.user, id, { forUpdate: true });
  const [row] = await tx.select({ archivedFrom: students.archivedFromStatus }).from(students).where(eq(students.id, id));
  const from = {
    status: brief.status,
    archived_from: row.archivedFrom ?? null,
  };
  const pending =
    move.type === 'unfreeze' || move.type === 'archive' || move.type === 'freeze' ? await openFreeze(tx, id, today) : undefined;

  // Cancelling a freeze that has not begun: the student is still active, so the chart has no move for it.
  const cancelsScheduled = move.type === 'unfreeze' && brief.status === 'active' && pending !== undefined && pending.fromDate > today;
  const next = cancelsScheduled ? { status: 'active' as const, archived_from: null } : studentTransition(from, move);
  if (!next)
    throw conflictMessage('errors.studentMove', { status: brief.status, move: move.type }, { status: brief.status, move: move.type });

  const set: PgUpdateSetSource<typeof students> = {
    status: next.status,
    updatedAt: sql`now()`,
  };
  let freeze: StudentMoveResult['freeze'] = null;
  let closed: { groupId: number }[] = [];

  switch (move.type) {
    case 'freeze': {
      // One freeze at a time: a freeze only scheduled gives way to the new one (cancelled, it covers no day); one
      // that has begun stays, and the student, frozen, has no freeze move anyway.
      if (pending && pending.fromDate <= today)
        throw conflictMessage('errors.freezeExists', { from: dayText(pending.fromDate), to: dayText(pending.toDate) }, { freeze: pending.id });
      // Asked for today after one of the student's lessons began today: that lesson was held with them (on its
      // roster, maybe marked and charged), so the freeze begins tomorrow rather than taking them off it.
      const fromDate = move.from_date === today && (await lessonBegunToday(tx, id, today, actor.now)) ? addDays(today, 1) : move.from_date;
      if (fromDate > move.to_date) throw conflictMessage('errors.freezeNoDayLeft', { to: dayText(move.to_date) });
      if (pending) await endFreeze(tx, pending, id, today, actor.now);
      const scheduled = fromDate > today;
      const [created] = await tx
        .insert(studentFreezes)
        .values({
          studentId: id,
          filialId: brief.filial,
          fromDate,
          toDate: move.to_date,
          reason: move.reason,
          createdBy: actor.user.id,
        })
        .returning({ id: studentFreezes.id });
      freeze = {
        id: created.id,
        from_date: fromDate,
        to_date: move.to_date,
        ended_on: null,
        scheduled,
      };
      // A freeze still to come leaves the student active until its first day (server/jobs/studentFreezes.ts).
      if (scheduled) set.status = 'active';
      Object.assign(set, {
        frozenFrom: fromDate,
        frozenTo: move.to_date,
        frozenReason: move.reason,
      });
      break;
    }
    case 'unfreeze':
    case 'archive': {
      if (pending) {
        const endedOn = await endFreeze(tx, pending, id, today, actor.now);
        freeze = {
          id: pending.id,
          from_date: pending.fromDate,
          to_date: pending.toDate,
          ended_on: endedOn,
          scheduled: pending.fromDate > today,
        };
      }
      Object.assign(set, {
        frozenFrom: null,
        frozenTo: null,
        frozenReason: null,
      });
      if (move.type === 'archive') {
        closed = await tx
          .update(studentGroups)
          // Not on the roster of any lesson that begins after the archiving (lessons/roster.ts).
          .set({ leftOn: sql`${lastDaySql(sql`${studentGroups.groupId}`, actor.now)}`, endReason: 'archived' })
          .where(and(eq(studentGroups.studentId, id), isNull(studentGroups.leftOn)))
          .returning({ groupId: studentGroups.groupId });
        Object.assign(set, {
          isArchived: true,
          archivedReason: move.reason,
          archivedAt: sql`now()`,
          archivedFromStatus: next.archived_from,
        });
      }
      break;
    }
    case 'unarchive':
      Object.assign(set, {
        isArchived: false,
        archivedReason: null,
        archivedAt: null,
        archivedFromStatus: null,
      });
      break;
    default:
      break;
  }

  const [after] = await tx.update(students).set(set).where(eq(students.id, id)).returning(studentBriefColumns);
  // Billing: frozen days are not charged, and an archived student leaves their groups today.
  if (move.type === 'freeze' || move.type === 'unfreeze' || move.type === 'archive')
    await syncCharges(tx, { studentId: id, from: freeze && freeze.from_date < today ? freeze.from_date : today }, actor.now);
  const detail: Record<string, unknown> = {};
  if (move.type === 'archive')
    Object.assign(detail, {
      reason: move.reason,
      archived_from: next.archived_from,
      left_groups: closed.map((m) => m.groupId),
    });
  if (move.type === 'unarchive') detail.archived_from = from.archived_from;
  if (freeze)
    Object.assign(detail, {
      freeze: freeze.id,
      from_date: freeze.from_date,
      to_date: freeze.to_date,
      ended_on: freeze.ended_on,
      scheduled: freeze.scheduled,
    });
  if (move.type === 'freeze') detail.reason = move.reason;
  if (cancelsScheduled) detail.cancelled = true;
  await tx.insert(studentLogs).values({
    studentId: id,
    actorId: actor.user.id,
    action: moveName(move),
    fromStatus: brief.status,
    toStatus: after.status,
    detail,
  });
  await audit(tx, {
    actorId: actor.user.id,
    action: `student.${move.type}`,
    entity: 'student',
    entityId: id,
    filialId: brief.filial,
    before: { status: brief.status, archived_from: from.archived_from },
    after: { status: after.status, ...detail },
    ip: actor.ip,
  });
  return {
    ...after,
    move: move.type,
    from_status: brief.status,
    freeze,
    closed_memberships: closed.length,
  };
}

/** Status moves are office work on students: teachers, assistants and call operators only look (403). */
export function assertStudentWriter(user: Actor['user']): void {
  assertOfficeWriter(user);
  if (user.role === 'CALL_OPERATOR') throw forbidden('Call operators cannot change students');
}

/** One status move in its own transaction; see moveStudentStatusIn. */
export async function moveStudentStatus(db: Db, actor: Actor, id: number, move: StudentMove, today?: string): Promise<StudentMoveResult> {
  assertStudentWriter(actor.user);
  return db.transaction((tx) => moveStudentStatusIn(tx, actor, id, move, today));
}
