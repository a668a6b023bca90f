// The events that queue a message to parents, each called inside the transaction of its cause: the branch's switch
// and template decide whether and what (settings.ts); a parent who opted out gets nothing; the message goes to the
// parent's phone, or the student's own when no parent phone is known.
import { and, eq, inArray } from 'drizzle-orm';
import type { MessageEvent, Placeholder } from '../../../contract/parentMessages';
import { renderTemplate } from '../../../contract/parentMessages';
import type { Tx } from '../../db/client';
import { employees, groups, lessons, parentMessageHistory, parentMessages, rooms, students, telegramChats } from '../../db/schema';
import { studentBalanceSql } from '../students/balance';
import { centreToday } from '../lessons/dates';
import { enqueueMessage } from './outbox';
import { type EventSetup, eventSetup } from './settings';

/** An absence waits this long before it may be sent, so a mark corrected at once withdraws it unsent. */
export const ABSENCE_HOLD_MS = 5 * 60_000;

export type Values = Partial<Record<Placeholder, string>>;

/** Why an event queued nothing (the debt API reports it per student). */
export type NotQueued = 'disabled' | 'opted_out' | 'no_phone' | 'repeat';

type StudentEvent = { filialId: number; studentId: number; event: MessageEvent; sourceId: string; values: Values; notBefore?: Date };

/** Queues the event's message about a student; answers its id, or why nothing was queued. */
/** The payment link put in a text to parents (payments/links.ts paymentLinkOf); none without online payments. */
export type PaymentLinkOf = (tx: Tx, studentId: number) => Promise<string>;

/** `known`: the branch's setup of the event when the caller already read it (one read for many students). */
export async function queueStudentEvent(tx: Tx, e: StudentEvent, now: Date, known?: EventSetup | null): Promise<number | NotQueued> {
  const setup = known === undefined ? await eventSetup(tx, e.filialId, e.event) : known;
  if (!setup?.enabled) return 'disabled';
  const [student] = await tx
    .select({ fullName: students.fullName, phone: students.phone, parentPhone: students.parentPhone, optOut: students.parentOptOut })
    .from(students)
    .where(eq(students.id, e.studentId));
  if (!student) return 'no_phone';
  if (student.optOut) return 'opted_out';
  const phone = student.parentPhone ?? student.phone;
  if (!phone) return 'no_phone';
  // An empty value (no payment link) at the end leaves no trailing space.
  const text = renderTemplate(setup.template, { student: student.fullName, phone: setup.centrePhone, ...e.values }).trimEnd();
  // Parents who linked the bot get it in Telegram (free); the sender falls back to SMS if the link is gone.
  const [linked] = await tx.select({ id: telegramChats.id }).from(telegramChats).where(eq(telegramChats.studentId, e.studentId)).limit(1);
  const id = await enqueueMessage(
    tx,
    { filialId: e.filialId, studentId: e.studentId, phone, channel: linked ? 'telegram' : 'sms', event: e.event, sourceId: e.sourceId, text, notBefore: e.notBefore },
    now,
  );
  return id ?? 'repeat';
}

/** Queues a welcome to a lead (an order is created before the lead is a student). */
export async function queueLeadWelcome(
  tx: Tx,
  lead: { id: number; filialId: number; fullName: string; phone: string },
  sourceId: string,
  values: Values,
  now: Date,
): Promise<number | NotQueued> {
  const setup = await eventSetup(tx, lead.filialId, 'welcome');
  if (!setup?.enabled) return 'disabled';
  const text = renderTemplate(setup.template, { student: lead.fullName, phone: setup.centrePhone, ...values });
  const id = await enqueueMessage(tx, { filialId: lead.filialId, studentId: null, leadId: lead.id, phone: lead.phone, channel: 'sms', event: 'welcome', sourceId, text }, now);
  return id ?? 'repeat';
}

/**
 * The absence messages of one lesson's save: a student marked absent is queued (held ABSENCE_HOLD_MS); one whose
 * absent mark was corrected has a waiting absence message cancelled; marked absent again, it waits again. With
 * `previous` (the marks the save replaced), a save that marks nobody absent and corrects no absence reads nothing:
 * a lesson's absence message exists only for a student once marked absent on it.
 */
export async function absenceEvents(
  tx: Tx,
  lesson: { id: number; filial: number; group: { name: string } | null; date: string; start_time: string },
  marks: { studentId: number; status: string }[],
  now: Date,
  options: { previous?: { student: number; status: string }[] } = {},
): Promise<void> {
  const sourceId = `lesson:${lesson.id}`;
  const values: Values = { group: lesson.group?.name ?? '', date: dayText(lesson.date), time: lesson.start_time.slice(0, 5) };
  const notBefore = new Date(now.getTime() + ABSENCE_HOLD_MS);
  if (!marks.length) return;
  const wasAbsent = new Set(options.previous?.filter((p) => p.status === 'absent').map((p) => p.student));
  if (options.previous && !marks.some((m) => m.status === 'absent' || wasAbsent.has(m.studentId))) return;
  // The lesson's absence messages in one read (a read per student made a save of 15 marks 15 round trips longer).
  const held = await tx
    .select({ id: parentMessages.id, status: parentMessages.status, studentId: parentMessages.studentId })
    .from(parentMessages)
    .where(and(eq(parentMessages.event, 'absence'), inArray(parentMessages.studentId, marks.map((m) => m.studentId)), eq(parentMessages.sourceId, sourceId)))
    .orderBy(parentMessages.id)
    .for('update');
  const byStudent = new Map(held.map((m) => [m.studentId, m]));
  // The branch's absence switch and template, read once for the save rather than once per absent student.
  let setup: Promise<EventSetup | null> | undefined;
  for (const mark of marks) {
    const absent = mark.status === 'absent';
    const existing = byStudent.get(mark.studentId);
    if (!existing) {
      if (absent) {
        setup ??= eventSetup(tx, lesson.filial, 'absence');
        await queueStudentEvent(tx, { filialId: lesson.filial, studentId: mark.studentId, event: 'absence', sourceId, values, notBefore }, now, await setup);
      }
      continue;
    }
    if (!absent && existing.status === 'waiting') await moveStatus(tx, existing.id, 'cancelled', 'attendance corrected', now);
    if (absent && existing.status === 'cancelled') {
      await tx.update(parentMessages).set({ status: 'waiting', reason: null, nextAttemptAt: notBefore }).where(eq(parentMessages.id, existing.id));
      await tx.insert(parentMessageHistory).values({ messageId: existing.id, status: 'waiting', reason: 'marked absent again', at: now });
    }
  }
}

/** Sets a message's status with a history row (a cancel keeps its reason on the message). */
export async function moveStatus(tx: Tx, id: number, status: 'cancelled' | 'waiting', reason: string, now: Date): Promise<void> {
  await tx
    .update(parentMessages)
    .set({ status, reason: status === 'cancelled' ? reason : null, leaseUntil: null, ...(status === 'waiting' ? { nextAttemptAt: now } : {}) })
    .where(eq(parentMessages.id, id));
  await tx.insert(parentMessageHistory).values({ messageId: id, status, reason, at: now });
}

/** `DD.MM.YYYY`, as people in Uzbekistan write a date. */
export function dayText(isoDay: string): string {
  return `${isoDay.slice(8, 10)}.${isoDay.slice(5, 7)}.${isoDay.slice(0, 4)}`;
}

/** `150 000` from `"150000.00"` (grouped with spaces, cents only when there are any; a debt keeps its minus). */
export function moneyText(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole, cents = ''] = amount.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const fraction = /^0*$/.test(cents) ? '' : `.${cents}`;
  return `${negative ? '-' : ''}${grouped}${fraction}`;
}

/** The student's balance over all groups, read in the transaction (the ledger's triggers keep it). */
export async function balanceOf(tx: Tx, studentId: number): Promise<string> {
  const [row] = await tx.select({ balance: studentBalanceSql(students.id) }).from(students).where(eq(students.id, studentId));
  return row?.balance ?? '0.00';
}

/**
 * A student's payment (every payment passes createEntry's transaction: the desk's today, the online providers'
 * later): amount and the balance after it. `entryId` is the first entry of the payment (one per allocated group).
 */
export async function paymentReceived(tx: Tx, filialId: number, studentId: number, entryId: number, amount: string, now: Date): Promise<void> {
  // The branch's switch first: with payment messages off (the default) the balance is not read.
  const setup = await eventSetup(tx, filialId, 'payment');
  if (!setup?.enabled) return;
  const balance = await balanceOf(tx, studentId);
  const values: Values = { amount: moneyText(amount), balance: moneyText(balance), date: dayText(centreToday(now)) };
  await queueStudentEvent(tx, { filialId, studentId, event: 'payment', sourceId: `entry:${entryId}`, values }, now, setup);
}

/**
 * The welcome of a new order: the first lesson's date, time, room and teacher (that day's lesson of the group when
 * it is generated, else the group's own). Sent to the lead's phone; queued once per lead, group and day.
 */
export async function orderWelcome(
  tx: Tx,
  lead: { id: number; filialId: number; fullName: string; phone: string },
  order: { group: number; first_lesson_date: string },
  now: Date,
): Promise<void> {
  const [group] = await tx
    .select({ name: groups.name, time: groups.startTime, room: rooms.name, teacher: employees.fullName })
    .from(groups)
    .innerJoin(rooms, eq(rooms.id, groups.roomId))
    .innerJoin(employees, eq(employees.id, groups.teacherId))
    .where(eq(groups.id, order.group));
  if (!group) return;
  const [lesson] = await tx
    .select({ time: lessons.startTime, room: rooms.name, teacher: employees.fullName })
    .from(lessons)
    .innerJoin(rooms, eq(rooms.id, lessons.roomId))
    .innerJoin(employees, eq(employees.id, lessons.teacherId))
    .where(and(eq(lessons.groupId, order.group), eq(lessons.date, order.first_lesson_date), eq(lessons.kind, 'regular')));
  const first = lesson ?? group;
  const values: Values = { group: group.name, date: dayText(order.first_lesson_date), time: first.time.slice(0, 5), room: first.room, teacher: first.teacher };
  await queueLeadWelcome(tx, lead, `order:${order.group}:${order.first_lesson_date}`, values, now);
}
