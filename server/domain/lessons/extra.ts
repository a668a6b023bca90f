// Extra lessons: for a whole group (POST /lessons/group-extra/, its roster is the group's members on the date)
// or for chosen students (POST /lessons/extra/, lesson_students). Both are checked against every schedule and
// one-off lesson of the room and the people (409 naming the clash).
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { ASSISTANT_ROLES, CLOSED_GROUP_STATUSES, TEACHER_ROLES } from '../../../contract/groups';
import type { ExtraLesson, GroupExtraLesson, LessonDetail } from '../../../contract/lessons';
import type { Db, Tx } from '../../db/client';
import { employeeFilials, employees, lessonStudents, lessons, students } from '../../db/schema';
import { conflict, notFound } from '../core/errors';
import { audit } from '../audit/record';
import { assertNoClash } from '../groups/conflicts';
import { allowedFilials, resolveFilial } from '../core/scope';
import { type Actor, assertOfficeWriter, assertRoomOfFilial, fieldError, findGroup } from './access';
import { getLesson } from './read';

const LEADING_ROLES: readonly string[] = [...new Set([...TEACHER_ROLES, ...ASSISTANT_ROLES])];

/** POST /lessons/group-extra/: teacher (and assistant) of the group, its room unless another is given. */
export async function addGroupExtraLesson(db: Db, actor: Actor, input: GroupExtraLesson): Promise<LessonDetail> {
  assertOfficeWriter(actor.user);
  return db.transaction(async (tx) => {
    const group = await findGroup(tx, actor.user, input.group);
    if (CLOSED_GROUP_STATUSES.includes(group.status)) throw conflict(`The group "${group.name}" is ${group.status}`);
    const roomId = input.room ?? group.roomId;
    if (input.room !== undefined) await assertRoomOfFilial(tx, roomId, group.filialId);
    const teacherIds = group.assistantId ? [group.teacherId, group.assistantId] : [group.teacherId];
    await assertNoClash(tx, { roomId, teacherIds, date: input.date, startTime: input.start_time, endTime: input.end_time }, allowedFilials(actor.user));
    const [row] = await tx
      .insert(lessons)
      .values({
        filialId: group.filialId,
        groupId: group.id,
        kind: 'extra',
        date: input.date,
        startTime: input.start_time,
        endTime: input.end_time,
        roomId,
        teacherId: group.teacherId,
        reason: input.reason || null,
        createdBy: actor.user.id,
      })
      .returning({ id: lessons.id });
    await audit(tx, {
      actorId: actor.user.id,
      action: 'lesson.extra_group',
      entity: 'lesson',
      entityId: row.id,
      filialId: group.filialId,
      after: { group: group.id, date: input.date, start_time: input.start_time, end_time: input.end_time, room: roomId },
      ip: actor.ip,
    });
    return getLesson(tx, actor.user, row.id, actor.now);
  });
}

/** An active employee who may lead a lesson and works in the branch (or in every branch), else 400. */
async function assertTeacherOfFilial(tx: Tx, teacherId: number, filialId: number): Promise<void> {
  const [teacher] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.id, teacherId),
        eq(employees.isArchived, false),
        inArray(employees.role, [...LEADING_ROLES] as (typeof employees.role._.data)[]),
        or(
          sql`exists (select 1 from ${employeeFilials} where ${employeeFilials.employeeId} = ${employees.id} and ${employeeFilials.filialId} = ${filialId})`,
          sql`not exists (select 1 from ${employeeFilials} where ${employeeFilials.employeeId} = ${employees.id})`,
        ),
      ),
    );
  if (!teacher) throw fieldError('teacher', 'validation.teacher');
}

/** POST /lessons/extra/: an individual lesson for chosen students of the branch (a group is optional). */
export async function addExtraLesson(db: Db, actor: Actor, input: ExtraLesson): Promise<LessonDetail> {
  assertOfficeWriter(actor.user);
  resolveFilial(actor.user, input.filial);
  return db.transaction(async (tx) => {
    if (input.group !== undefined) {
      const group = await findGroup(tx, actor.user, input.group);
      if (group.filialId !== input.filial) throw notFound('Group not found');
    }
    await assertTeacherOfFilial(tx, input.teacher, input.filial);
    await assertRoomOfFilial(tx, input.room, input.filial);
    const found = await tx
      .select({ id: students.id, isArchived: students.isArchived })
      .from(students)
      .where(and(inArray(students.id, input.students), eq(students.filialId, input.filial)));
    const byId = new Map(found.map((s) => [s.id, s]));
    for (const [index, id] of input.students.entries()) {
      const student = byId.get(id);
      // Another branch's student is as unknown as a missing one.
      if (!student) throw notFound('Student not found');
      if (student.isArchived) throw fieldError(`students.${index}`, 'validation.studentArchived');
    }
    await assertNoClash(tx, {
      roomId: input.room,
      teacherIds: [input.teacher],
      date: input.date,
      startTime: input.start_time,
      endTime: input.end_time,
    }, allowedFilials(actor.user));
    const [row] = await tx
      .insert(lessons)
      .values({
        filialId: input.filial,
        groupId: input.group ?? null,
        kind: 'extra',
        date: input.date,
        startTime: input.start_time,
        endTime: input.end_time,
        roomId: input.room,
        teacherId: input.teacher,
        reason: input.reason || null,
        createdBy: actor.user.id,
      })
      .returning({ id: lessons.id });
    await tx.insert(lessonStudents).values(input.students.map((studentId) => ({ lessonId: row.id, studentId })));
    await audit(tx, {
      actorId: actor.user.id,
      action: 'lesson.extra',
      entity: 'lesson',
      entityId: row.id,
      filialId: input.filial,
      after: {
        teacher: input.teacher,
        room: input.room,
        group: input.group ?? null,
        date: input.date,
        start_time: input.start_time,
        end_time: input.end_time,
        students: input.students,
      },
      ip: actor.ip,
    });
    return getLesson(tx, actor.user, row.id, actor.now);
  });
}
