// Rows for the education API tests, written straight to the database so each test builds exactly the groups,
// lessons and students it talks about (rooms and teachers of its own, so the demo centre never clashes).
import { and, eq } from 'drizzle-orm';
import type { Role } from '../../contract/roles';
import { attendance, courses, groups, lessonStudents, lessons, rooms, studentGroups, subjectLevels, subjects } from '../../server/db/schema';
import type { AttendanceStatus } from '../../contract/lessons';
import { addDays, centreToday } from '../../server/domain/lessons/dates';
import { insertStudent } from '../../server/domain/students/students';
import type { TestApp } from './harness';

let serial = 0;
const next = () => {
  serial += 1;
  return `${process.pid % 1000}${String(serial).padStart(4, '0')}`;
};

export const today = () => centreToday(new Date());
export const daysFromToday = (n: number) => addDays(centreToday(new Date()), n);

export type Fixture = ReturnType<typeof eduFixture>;

export function eduFixture(t: TestApp) {
  const f = {
    async filial(name: 'Chilonzor' | 'Yunusobod' | 'Samarqand' = 'Chilonzor') {
      return t.filialId(name);
    },

    /** A new employee of the role in the branch, signed in. */
    async employee(role: Role, filial: 'Chilonzor' | 'Yunusobod' = 'Chilonzor') {
      const phone = `+99891${next().slice(-7).padStart(7, '0')}`;
      const password = `pw-${role.toLowerCase()}-1`;
      const id = await t.addEmployee({ role, phone, password, fullName: `${role} ${phone}`, filials: [filial] });
      const { access_token } = await t.signIn(phone, password);
      return { id, token: access_token };
    },

    async room(filialId: number, capacity = 12) {
      const [row] = await t.db.insert(rooms).values({ filialId, name: `Room ${next()}`, capacity }).returning({ id: rooms.id });
      return row.id;
    },

    async course(filialId: number) {
      const [subject] = await t.db.insert(subjects).values({ name: `Subject ${next()}` }).returning({ id: subjects.id });
      const [level] = await t.db
        .insert(subjectLevels)
        .values({ subjectId: subject.id, name: 'A1', position: 1 })
        .returning({ id: subjectLevels.id });
      const [course] = await t.db
        .insert(courses)
        .values({ filialId, subjectId: subject.id, levelId: level.id, name: `Course ${next()}`, price: '500000.00', lessonsPerMonth: 12, durationMonths: 6 })
        .returning({ id: courses.id });
      return { subjectId: subject.id, levelId: level.id, courseId: course.id };
    },

    /** A running group on every weekday at 20:00-21:30 from 60 days ago to 60 days ahead. */
    async group(
      opts: { filialId: number; teacherId: number; assistantId?: number; capacity?: number; roomId?: number; secondary?: boolean; parentGroupId?: number },
    ) {
      const roomId = opts.roomId ?? (await f.room(opts.filialId, opts.capacity ?? 12));
      const { courseId } = await f.course(opts.filialId);
      const name = `Group ${next()}`;
      const [row] = await t.db
        .insert(groups)
        .values({
          filialId: opts.filialId,
          name,
          courseId,
          teacherId: opts.teacherId,
          assistantId: opts.assistantId ?? null,
          roomId,
          days: [1, 2, 3, 4, 5, 6, 7],
          startTime: '20:00',
          endTime: '21:30',
          startDate: daysFromToday(-60),
          endDate: daysFromToday(60),
          price: '500000.00',
          isSecondary: opts.secondary ?? false,
          parentGroupId: opts.parentGroupId ?? null,
        })
        .returning({ id: groups.id });
      return { id: row.id, name, roomId, filialId: opts.filialId, teacherId: opts.teacherId };
    },

    /** Regular lessons of the group on the given dates (its room, teacher and times). */
    async lessons(group: { id: number; roomId: number; filialId: number; teacherId: number }, dates: string[]) {
      const rows = await t.db
        .insert(lessons)
        .values(
          dates.map((date) => ({
            filialId: group.filialId,
            groupId: group.id,
            date,
            startTime: '20:00',
            endTime: '21:30',
            roomId: group.roomId,
            teacherId: group.teacherId,
          })),
        )
        .returning({ id: lessons.id, date: lessons.date });
      return rows.map((r) => r.id);
    },

    async student(filialId: number, fullName = `Student ${next()}`) {
      return t.db.transaction((tx) => insertStudent(tx, { filial: filialId, full_name: fullName, phone: `+99893${next().slice(-7).padStart(7, '0')}` }));
    },

    async member(studentId: number, groupId: number, joinedOn: string, leftOn: string | null = null) {
      const [row] = await t.db
        .insert(studentGroups)
        .values({ studentId, groupId, joinedOn, leftOn, endReason: leftOn ? 'left' : null })
        .returning({ id: studentGroups.id });
      return row.id;
    },

    async mark(lessonId: number, studentId: number, status: AttendanceStatus, mark: number | null = null) {
      await t.db.insert(attendance).values({ lessonId, studentId, status, mark });
      await t.db.update(lessons).set({ status: 'held' }).where(eq(lessons.id, lessonId));
    },

    async chosen(lessonId: number, studentIds: number[]) {
      await t.db.insert(lessonStudents).values(studentIds.map((studentId) => ({ lessonId, studentId })));
    },

    async membershipRows(studentId: number, groupId?: number) {
      return t.db
        .select()
        .from(studentGroups)
        .where(and(eq(studentGroups.studentId, studentId), groupId === undefined ? undefined : eq(studentGroups.groupId, groupId)))
        .orderBy(studentGroups.id);
    },
  };
  return f;
}
