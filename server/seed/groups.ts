// The demo centre's rooms and groups: 4-5 rooms and about six groups per branch over the demo courses, running
// from about two months ago to four months ahead so this week's schedule is full, with their regular lessons.
// Chilonzor's morning and afternoon English and IELTS groups are taught by the demo TEACHER. Every group is
// checked against the others with the same clash rule as the API, so the demo never holds a double booking.
import { eq } from 'drizzle-orm';
import type { Role } from '../../contract/roles';
import type { DbOrTx } from '../db/client';
import { courses, employees, groups, rooms } from '../db/schema';
import type { RoomType } from '../db/schema/groups';
import { findScheduleClash } from '../domain/groups/conflicts';
import { regenerateLessons } from '../domain/groups/lessonsGenerate';
import { addDays, mondayOf } from '../domain/lessons/dates';
import type { DemoFilial } from './demo';

/**
 * Teachers besides the demo TEACHER, so groups and the scheduling assistant have choices. They sign in like the
 * other demo employees (password "teacher"). Samarqand's two visit from Tashkent: no branch list, so they work
 * in every branch.
 */
export const DEMO_TEACHERS: { name: string; role: Role; filials: DemoFilial[] }[] = [
  { name: 'Dilshod Rasulov', role: 'TEACHER', filials: ['Chilonzor'] },
  { name: 'Nargiza Sobirova', role: 'TEACHER', filials: ['Chilonzor', 'Yunusobod'] },
  { name: 'Rustam Xoliqov', role: 'TEACHER', filials: ['Yunusobod'] },
  { name: 'Malika Tursunova', role: 'TEACHER', filials: ['Yunusobod'] },
  { name: 'Sherzod Qosimov', role: 'TEACHER', filials: [] },
  { name: 'Gavhar Nurmatova', role: 'TEACHER', filials: [] },
];

const ROOMS: Record<DemoFilial, { name: string; type: RoomType; capacity: number }[]> = {
  Chilonzor: [
    { name: '101-xona', type: 'classroom', capacity: 16 },
    { name: '102-xona', type: 'classroom', capacity: 14 },
    { name: '201-xona', type: 'classroom', capacity: 20 },
    { name: 'Kompyuter xonasi', type: 'lab', capacity: 12 },
    { name: 'Majlislar zali', type: 'hall', capacity: 40 },
  ],
  Yunusobod: [
    { name: '1-xona', type: 'classroom', capacity: 15 },
    { name: '2-xona', type: 'classroom', capacity: 15 },
    { name: '3-xona', type: 'classroom', capacity: 18 },
    { name: 'Laboratoriya', type: 'lab', capacity: 10 },
    { name: 'Onlayn xona', type: 'online', capacity: 50 },
  ],
  Samarqand: [
    { name: 'A-xona', type: 'classroom', capacity: 16 },
    { name: 'B-xona', type: 'classroom', capacity: 16 },
    { name: 'C-xona', type: 'classroom', capacity: 12 },
    { name: 'Zal', type: 'hall', capacity: 35 },
  ],
};

type DemoGroup = {
  course: string;
  room: string;
  teacher: string;
  assistant?: string;
  days: number[];
  start: string;
  end: string;
  /** Weeks before this week's Monday the group started (negative: it starts later). */
  startedWeeksAgo: number;
  /** A secondary group of the branch's group with this course and start time. */
  parent?: { course: string; start: string };
};

const ZARINA = 'Zarina Abdullayeva';
const ULUGBEK = 'Ulugʻbek Hasanov';
const SHAVKAT = 'Shavkat Ergashev';

const GROUPS: Record<DemoFilial, DemoGroup[]> = {
  Chilonzor: [
    { course: 'Ingliz tili Beginner', room: '101-xona', teacher: ZARINA, days: [1, 3, 5], start: '09:00', end: '10:30', startedWeeksAgo: 9 },
    { course: 'Ingliz tili Intermediate', room: '102-xona', teacher: ZARINA, days: [1, 3, 5], start: '14:00', end: '15:30', startedWeeksAgo: 8 },
    { course: 'IELTS intensiv', room: '201-xona', teacher: ZARINA, days: [2, 4, 6], start: '16:00', end: '18:00', startedWeeksAgo: 7 },
    { course: 'Matematika abituriyentlar uchun', room: '101-xona', teacher: 'Dilshod Rasulov', days: [2, 4, 6], start: '10:00', end: '11:30', startedWeeksAgo: 10 },
    { course: 'Ingliz tili Beginner', room: '101-xona', teacher: 'Nargiza Sobirova', days: [1, 3, 5], start: '18:00', end: '19:30', startedWeeksAgo: 6 },
    { course: 'Ingliz tili Intermediate', room: '102-xona', teacher: SHAVKAT, days: [2, 4, 6], start: '11:00', end: '12:30', startedWeeksAgo: 9 },
    {
      course: 'IELTS intensiv', room: 'Kompyuter xonasi', teacher: 'Dilshod Rasulov', days: [6], start: '13:00', end: '14:00', startedWeeksAgo: 4,
      parent: { course: 'IELTS intensiv', start: '16:00' },
    },
  ],
  Yunusobod: [
    { course: 'Ingliz tili Elementary', room: '1-xona', teacher: 'Rustam Xoliqov', assistant: ULUGBEK, days: [1, 3, 5], start: '09:00', end: '10:30', startedWeeksAgo: 8 },
    { course: 'Ingliz tili Pre-Intermediate', room: '2-xona', teacher: 'Malika Tursunova', assistant: ULUGBEK, days: [1, 3, 5], start: '14:00', end: '15:30', startedWeeksAgo: 9 },
    { course: 'Rus tili boshlang‘ich', room: '3-xona', teacher: 'Rustam Xoliqov', days: [2, 4], start: '16:00', end: '17:30', startedWeeksAgo: 7 },
    { course: 'Ingliz tili Elementary', room: '1-xona', teacher: 'Malika Tursunova', days: [2, 4, 6], start: '18:00', end: '19:30', startedWeeksAgo: 6 },
    { course: 'Ingliz tili Pre-Intermediate', room: '2-xona', teacher: 'Nargiza Sobirova', days: [2, 4, 6], start: '10:00', end: '11:30', startedWeeksAgo: 10 },
    { course: 'Rus tili boshlang‘ich', room: '3-xona', teacher: 'Rustam Xoliqov', days: [1, 3, 5], start: '19:00', end: '20:30', startedWeeksAgo: 5 },
  ],
  Samarqand: [
    { course: 'Ingliz tili Beginner', room: 'A-xona', teacher: 'Sherzod Qosimov', days: [1, 3, 5], start: '09:00', end: '10:30', startedWeeksAgo: 9 },
    { course: 'Ingliz tili Beginner', room: 'B-xona', teacher: 'Gavhar Nurmatova', days: [2, 4, 6], start: '15:00', end: '16:30', startedWeeksAgo: 8 },
    { course: 'Matematika o‘rta', room: 'C-xona', teacher: 'Gavhar Nurmatova', days: [1, 3, 5], start: '11:00', end: '12:30', startedWeeksAgo: 7 },
    { course: 'Matematika o‘rta', room: 'A-xona', teacher: 'Sherzod Qosimov', days: [2, 4, 6], start: '17:00', end: '18:30', startedWeeksAgo: 10 },
    { course: 'Ingliz tili Beginner', room: 'B-xona', teacher: 'Gavhar Nurmatova', days: [1, 3, 5], start: '17:00', end: '18:30', startedWeeksAgo: 6 },
    // Starts in two weeks: planned, with its lessons already on the calendar.
    { course: 'Matematika o‘rta', room: 'C-xona', teacher: 'Sherzod Qosimov', days: [1, 3, 5], start: '14:00', end: '15:30', startedWeeksAgo: -2 },
  ],
};

/** "Ingliz tili Beginner — 14:00"; a secondary group says what it is. */
export const demoGroupName = (g: DemoGroup) => `${g.course} — ${g.start}${g.parent ? ' (qo‘shimcha)' : ''}`;

/** Seeds rooms, groups and their regular lessons; run after the catalogue and the employees. */
export async function seedGroups(tx: DbOrTx, filialId: (name: DemoFilial) => number, today: string): Promise<void> {
  const monday = mondayOf(today);
  const staff = await tx.select({ id: employees.id, name: employees.fullName }).from(employees);
  const person = (name: string) => {
    const found = staff.find((e) => e.name === name);
    if (!found) throw new Error(`demo seed: no employee ${name}`);
    return found.id;
  };
  const [director] = staff;

  for (const filial of Object.keys(GROUPS) as DemoFilial[]) {
    const branch = filialId(filial);
    const roomRows = await tx
      .insert(rooms)
      .values(ROOMS[filial].map((r) => ({ filialId: branch, name: r.name, roomType: r.type, capacity: r.capacity })))
      .returning({ id: rooms.id, name: rooms.name });
    const courseRows = await tx.select({ id: courses.id, name: courses.name, price: courses.price }).from(courses).where(eq(courses.filialId, branch));
    const made: { id: number; course: string; start: string }[] = [];

    for (const g of GROUPS[filial]) {
      const course = courseRows.find((c) => c.name === g.course);
      if (!course) throw new Error(`demo seed: no course ${g.course} in ${filial}`);
      const startDate = addDays(monday, -7 * g.startedWeeksAgo);
      const draft = {
        filialId: branch,
        name: demoGroupName(g),
        courseId: course.id,
        teacherId: person(g.teacher),
        assistantId: g.assistant ? person(g.assistant) : null,
        roomId: roomRows.find((r) => r.name === g.room)!.id,
        days: g.days,
        startTime: g.start,
        endTime: g.end,
        startDate,
        // About four months ahead, ending on a Sunday.
        endDate: addDays(monday, 7 * 17 + 6),
        price: g.parent ? '0.00' : course.price,
        status: startDate > today ? ('planned' as const) : ('active' as const),
        isSecondary: Boolean(g.parent),
        parentGroupId: g.parent ? made.find((m) => m.course === g.parent!.course && m.start === g.parent!.start)!.id : null,
      };
      const clash = await findScheduleClash(tx, {
        ...draft,
        teacherIds: draft.assistantId ? [draft.teacherId, draft.assistantId] : [draft.teacherId],
      });
      if (clash) throw new Error(`demo seed: ${draft.name} in ${filial} clashes with ${clash.group?.name}`);
      const [row] = await tx.insert(groups).values(draft).returning({ id: groups.id });
      await regenerateLessons(tx, { ...draft, id: row.id }, startDate, director?.id ?? null);
      made.push({ id: row.id, course: g.course, start: g.start });
    }
  }
}

