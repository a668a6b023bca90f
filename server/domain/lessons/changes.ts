// Cancelling and moving a lesson (PATCH /lessons/{id}/). Both keep the row: a cancelled lesson stays with its
// reason for history and billing; a moved one remembers the date it first had (moved_from_date), so moving it
// twice still points at its place in the group's schedule. Only planned lessons change: once attendance is
// marked the lesson was held.
import { and, eq, ne } from 'drizzle-orm';
import type { LessonDetail, LessonPatch } from '../../../contract/lessons';
import { minutesOfDay } from '../../../contract/schedule';
import type { Db } from '../../db/client';
import { groups, lessons } from '../../db/schema';
import { conflict } from '../core/errors';
import { audit } from '../audit/record';
import { syncCharges } from '../billing/charges';
import { assertNoClash } from '../groups/conflicts';
import { allowedFilials } from '../core/scope';
import { type Actor, assertOfficeWriter, assertRoomOfFilial, fieldError } from './access';
import { findLesson, getLesson } from './read';

export async function changeLesson(db: Db, actor: Actor, id: number, patch: LessonPatch): Promise<LessonDetail> {
  return db.transaction(async (tx) => {
    const lesson = await findLesson(tx, actor.user, id, { forUpdate: true });
    assertOfficeWriter(actor.user);
    if (lesson.status === 'cancelled') throw conflict('The lesson is cancelled');
    if (lesson.status === 'held') throw conflict('Attendance is marked: the lesson was held');
    const before = { status: lesson.status, date: lesson.date, start_time: lesson.start_time, end_time: lesson.end_time, room: lesson.room.id };

    if (patch.status === 'cancelled') {
      await tx.update(lessons).set({ status: 'cancelled', reason: patch.reason }).where(eq(lessons.id, id));
      if (lesson.group) await syncCharges(tx, { groupIds: [lesson.group.id], from: lesson.date, to: lesson.date }, actor.now);
      await audit(tx, {
        actorId: actor.user.id,
        action: 'lesson.cancel',
        entity: 'lesson',
        entityId: id,
        filialId: lesson.filial,
        before,
        after: { status: 'cancelled', reason: patch.reason },
        ip: actor.ip,
      });
      return getLesson(tx, actor.user, id, actor.now);
    }

    const date = patch.date!;
    const startTime = patch.start_time ?? lesson.start_time;
    const endTime = patch.end_time ?? lesson.end_time;
    if (minutesOfDay(endTime) <= minutesOfDay(startTime)) throw fieldError('end_time', 'validation.endTimeAfterStart');
    const roomId = patch.room ?? lesson.room.id;
    if (patch.room !== undefined) await assertRoomOfFilial(tx, roomId, lesson.filial);

    let assistantId: number | null = null;
    if (lesson.group && lesson.kind === 'regular') {
      // A group has one regular lesson per date (lessons_regular_uq).
      const [taken] = await tx
        .select({ id: lessons.id })
        .from(lessons)
        .where(and(eq(lessons.groupId, lesson.group.id), eq(lessons.kind, 'regular'), eq(lessons.date, date), ne(lessons.id, id)));
      if (taken) throw conflict(`The group already has a lesson on ${date}`);
    }
    if (lesson.group) {
      const [g] = await tx.select({ assistantId: groups.assistantId }).from(groups).where(eq(groups.id, lesson.group.id));
      assistantId = g.assistantId;
    }
    await assertNoClash(tx, {
      roomId,
      teacherIds: assistantId ? [lesson.teacher.id, assistantId] : [lesson.teacher.id],
      date,
      startTime,
      endTime,
      excludeLessonId: id,
    }, allowedFilials(actor.user));
    const movedFromDate = lesson.moved_from_date ?? lesson.date;
    await tx
      .update(lessons)
      .set({ date, startTime, endTime, roomId, reason: patch.reason, movedFromDate })
      .where(eq(lessons.id, id));
    await audit(tx, {
      actorId: actor.user.id,
      action: 'lesson.move',
      entity: 'lesson',
      entityId: id,
      filialId: lesson.filial,
      before,
      after: { date, start_time: startTime, end_time: endTime, room: roomId, moved_from_date: movedFromDate, reason: patch.reason },
      ip: actor.ip,
    });
    return getLesson(tx, actor.user, id, actor.now);
  });
}
