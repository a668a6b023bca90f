// One branch's history, generated in memory: groups on the room/teacher grid, their lessons, and the students
// who pass through them (joining, moving up a level into the next group of the same slot, leaving, freezing).
// Nothing here touches the database; write.ts stores it.
import type { Faker } from '@faker-js/faker';
import type { StudentStatus } from '../../../contract/students';
import type { GroupStatus } from '../../../contract/groups';
import { dateOf, weekdayOf } from './calendar';
import { teacherOf, type Branch, type Course } from './branches';
import { DAY_PATTERNS, HISTORY_DAYS, cellCount, NEVER_ENROLLED, PATTERN_LABELS, PLANNED_AHEAD_DAYS, TIMES } from './plan';
import { personName, type PhoneBook, type Rng, type Sex } from './random';
import type { Reference } from './reference';

export type LessonStatus = 'planned' | 'held' | 'cancelled';
export type Lesson = { id: number; day: number; status: LessonStatus; theme: number | null; reason: string | null };
export type Group = {
  id: number;
  name: string;
  course: Course;
  teacherId: number;
  roomId: number;
  capacity: number;
  days: readonly number[];
  start: string;
  end: string;
  startDay: number;
  endDay: number;
  status: GroupStatus;
  lessons: Lesson[];
  members: Membership[];
  /** The previous group of the same grid cell, whose members may move up into this one. */
  previous: Group | null;
  time: number;
};
export type Membership = {
  id: number;
  student: Student;
  group: Group;
  joined: number;
  left: number | null;
  endReason: 'moved' | 'left' | 'archived' | null;
  movedTo: Membership | null;
  price: string | null;
  saleId: number | null;
};
export type Freeze = { from: number; to: number; reason: string; current: boolean };
export type Student = {
  id: number;
  name: string;
  sex: Sex;
  phone: string;
  parentPhone: string | null;
  birth: number;
  created: number;
  status: StudentStatus;
  archivedAt: number | null;
  archivedFrom: StudentStatus | null;
  archivedReason: string | null;
  freezes: Freeze[];
  leadId: number | null;
  memberships: Membership[];
};
export type BranchHistory = { groups: Group[]; students: Student[]; memberships: Membership[]; lessons: number };

const CANCEL_REASONS = ['Bayram kuni', 'O‘qituvchi kasal', 'Elektr o‘chdi', 'Xona ta’mirda'];
const FREEZE_REASONS = ['Kasallik sababli', 'Oilaviy safar', 'Imtihonlarga tayyorgarlik', 'Ta’til'];
const ARCHIVE_REASONS = ['Boshqa shaharga ko‘chib ketdi', 'Narx qimmatlik qildi', 'Vaqti to‘g‘ri kelmadi', 'Kursni tugatdi', 'Boshqa markazga o‘tdi', 'Sababsiz'];
const TESTING_ARCHIVE_REASONS = ['Testdan keyin qaytmadi', 'Narx qimmatlik qildi', 'Vaqti to‘g‘ri kelmadi'];

/** `day` plus `months` calendar months, less one day: the last day of a course that starts on `day`. */
function courseEnd(day: number, months: number): number {
  const d = new Date(day * 86_400_000);
  return Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate()) / 86_400_000) - 1;
}

/** Groups of the branch: each grid cell (room, pattern, start) runs one course after another, levels rising. */
function gridGroups(branch: Branch, _ref: Reference, today: number, rng: Rng): Group[] {
  const out: Group[] = [];
  const first = today - HISTORY_DAYS;
  const last = today + PLANNED_AHEAD_DAYS;
  // A small branch uses only part of its last room's grid; the busiest hours (afternoons) first.
  let cells = cellCount(branch.students);
  const byDemand = [5, 4, 6, 3, 1, 0, 2];
  for (const [r, room] of branch.rooms.entries()) {
    for (const t of byDemand) {
      for (const [p, days] of DAY_PATTERNS.entries()) {
        if (cells-- <= 0) continue;
        const teacher = teacherOf(branch, r, t);
        const levels = branch.courses[teacher.subject];
        let level = rng.int(0, levels.length - 1);
        let cursor = first + rng.int(0, 75);
        let previous: Group | null = null;
        while (cursor <= last) {
          if (rng.chance(0.12)) {
            cursor += rng.int(30, 90);
            previous = null;
            continue;
          }
          let startDay = cursor;
          while (!days.includes(weekdayOf(startDay))) startDay++;
          const course = levels[level];
          const endDay = courseEnd(startDay, course.months);
          const status: GroupStatus =
            startDay > today ? 'planned' : endDay >= today ? 'active' : endDay < today - 180 && rng.chance(0.3) ? 'archived' : 'finished';
          const group: Group = {
            id: 0,
            name: `${course.name} — ${TIMES[t][0]} (${PATTERN_LABELS[p]})`,
            course,
            teacherId: teacher.id,
            roomId: room.id,
            capacity: room.capacity,
            days,
            start: dateOf(startDay),
            end: dateOf(endDay),
            startDay,
            endDay,
            status,
            lessons: [],
            members: [],
            previous,
            time: t,
          };
          out.push(group);
          previous = group;
          cursor = endDay + rng.int(5, 20);
          level = (level + 1) % levels.length;
        }
      }
    }
  }
  return out;
}

function lessonsOf(group: Group, themes: number[], today: number, rng: Rng): Lesson[] {
  const out: Lesson[] = [];
  let taught = 0;
  for (let day = group.startDay; day <= group.endDay; day++) {
    if (!group.days.includes(weekdayOf(day))) continue;
    const past = day < today;
    const cancelled = past && rng.chance(0.025);
    const theme = !cancelled && themes.length ? themes[taught++ % themes.length] : null;
    out.push({
      id: 0,
      day,
      status: cancelled ? 'cancelled' : past ? 'held' : 'planned',
      theme,
      reason: cancelled ? rng.pick(CANCEL_REASONS) : null,
    });
  }
  return out;
}

const YEAR = 365.25;

export function branchHistory(branch: Branch, ref: Reference, today: number, rng: Rng, faker: Faker, phones: PhoneBook, firstStudentId: number): BranchHistory {
  const groups = gridGroups(branch, ref, today, rng);
  let lessons = 0;
  for (const g of groups) {
    const subject = ref.subjects.find((s) => s.id === g.course.subject)!;
    const themes = subject.levels.find((l) => l.id === g.course.level)?.themeIds ?? [];
    g.lessons = lessonsOf(g, themes, today, rng);
    lessons += g.lessons.length;
  }

  const students: Student[] = [];
  const memberships: Membership[] = [];
  const newStudent = (): Student => {
    const sex: Sex = rng.chance(0.5) ? 'female' : 'male';
    const age = rng.weighted([[rng.int(8, 13), 3], [rng.int(14, 17), 5], [rng.int(18, 24), 4], [rng.int(25, 40), 1]] as const);
    const s: Student = {
      id: firstStudentId + students.length,
      name: personName(faker, sex),
      sex,
      phone: phones.next(),
      parentPhone: age < 18 ? phones.next() : null,
      birth: today - Math.round(age * YEAR) - rng.int(0, 364),
      created: 0,
      status: 'new',
      archivedAt: null,
      archivedFrom: null,
      archivedReason: null,
      freezes: [],
      leadId: null,
      memberships: [],
    };
    students.push(s);
    return s;
  };
  const join = (student: Student, group: Group, joined: number): Membership => {
    const m: Membership = {
      id: 0,
      student,
      group,
      joined,
      left: null,
      endReason: null,
      movedTo: null,
      price: rng.chance(0.03) ? (Number(group.course.price) - 50_000).toFixed(2) : null,
      saleId: ref.sales.length && rng.chance(0.04) ? rng.pick(ref.sales).id : null,
    };
    group.members.push(m);
    student.memberships.push(m);
    memberships.push(m);
    return m;
  };

  // Groups that have started take the branch's students in order of their start, each about an even share of
  // what is left, so the branch ends with exactly its number of students.
  const started = groups.filter((g) => g.startDay <= today).sort((a, b) => a.startDay - b.startDay || a.roomId - b.roomId || a.time - b.time);
  const enrolled = branch.students - Math.round(branch.students * NEVER_ENROLLED);
  for (const [i, g] of started.entries()) {
    const prev = g.previous;
    if (prev && prev.endDay < today && g.startDay - prev.endDay <= 45) {
      for (const m of prev.members) {
        if (m.left !== null || g.members.length >= g.capacity || !rng.chance(0.55)) continue;
        const next = join(m.student, g, g.startDay);
        m.left = g.startDay - 1;
        m.endReason = 'moved';
        m.movedTo = next;
      }
    }
    const share = (enrolled - students.length) / (started.length - i);
    const fresh = Math.max(0, Math.min(g.capacity - g.members.length, enrolled - students.length, Math.round(share * (0.6 + 0.8 * rng.next()))));
    const lastJoin = Math.min(today - 1, g.endDay - 14);
    for (let k = 0; k < fresh; k++) {
      const late = rng.chance(0.3) ? rng.int(1, 60) : 0;
      join(newStudent(), g, Math.max(g.startDay, Math.min(g.startDay + late, lastJoin)));
    }
    // Some leave before the course ends (only what has already happened).
    for (const m of g.members) {
      if (m.left !== null || !rng.chance(0.15)) continue;
      const lo = m.joined + 14;
      const hi = Math.min(g.endDay - 1, today - 1);
      if (lo <= hi) {
        m.left = rng.int(lo, hi);
        m.endReason = 'archived';
      }
    }
  }
  // Members of groups that have ended and who did not move up left with the group's end.
  for (const m of memberships) {
    if (m.left === null && m.group.endDay < today) {
      m.left = m.group.endDay;
      m.endReason = 'left';
    }
  }

  for (const s of students) {
    const first = s.memberships[0];
    const last = s.memberships[s.memberships.length - 1];
    s.created = first.joined - rng.int(1, 14);
    const span = (last.left ?? today) - first.joined;
    if (span > 75 && rng.chance(0.05)) {
      const from = first.joined + rng.int(20, span - 40);
      const to = Math.min(from + rng.int(10, 30), today - 1);
      if (to >= from) s.freezes.push({ from, to, reason: rng.pick(FREEZE_REASONS), current: false });
    }
    if (last.left === null) {
      const current = last.group.status === 'active';
      if (current && last.joined <= today - 21 && rng.chance(0.07)) {
        const from = today - rng.int(0, 20);
        s.freezes = s.freezes.filter((f) => f.to < from);
        s.freezes.push({ from, to: today + rng.int(7, 30), reason: rng.pick(FREEZE_REASONS), current: true });
        s.status = 'frozen';
      } else {
        s.status = s.memberships.length === 1 && first.joined > today - 21 ? 'new' : 'active';
      }
    } else {
      s.status = 'archived';
      s.archivedFrom = 'active';
      s.archivedReason = last.endReason === 'left' && rng.chance(0.4) ? 'Kursni tugatdi' : rng.pick(ARCHIVE_REASONS);
      s.archivedAt = last.endReason === 'archived' ? last.left : Math.min(today - 1, last.left + rng.int(1, 20));
    }
  }

  // Those who never joined a group: in testing now, or gone after the test.
  while (students.length < branch.students) {
    const s = newStudent();
    if (rng.chance(0.4)) {
      s.status = 'testing';
      s.created = today - rng.int(1, 30);
    } else {
      s.created = today - rng.int(40, HISTORY_DAYS);
      s.status = 'archived';
      s.archivedFrom = 'testing';
      s.archivedReason = rng.pick(TESTING_ARCHIVE_REASONS);
      s.archivedAt = s.created + rng.int(5, 30);
    }
  }
  return { groups, students, memberships, lessons };
}

/** Whether the student was frozen on `day`. */
export function frozenOn(s: Student, day: number): boolean {
  for (const f of s.freezes) if (f.from <= day && day <= f.to) return true;
  return false;
}

