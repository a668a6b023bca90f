// The demo centre's students: 10-15 in each running main group of Chilonzor and a few in the other branches'
// groups, with attendance and marks for their lessons since the first day of last month (so last month is charged
// whole and the demo's payments cover two months), plus a placement test in Yunusobod
// sat by two students in testing. Pseudo-random from a fixed seed, so every demo database tells the same story
// (dates follow today). Runs in the demo seed's transaction, after the groups and their lessons.
import { and, asc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { AttendanceStatus } from '../../contract/lessons';
import type { DbOrTx } from '../db/client';
import { attendance, employees, groups, lessons, rooms, studentGroups, students, subjectLevels, subjects, testQuestions, testResults, tests } from '../db/schema';
import { addDays, centreToday } from '../domain/lessons/dates';
import { scoreTest } from '../domain/placementTests/placementTests';
import type { DemoFilial } from './demo';

const FIRST_NAMES = ['Aziz', 'Bobur', 'Dilshod', 'Eldor', 'Farrux', 'Jahongir', 'Javlon', 'Sherzod', 'Temur', 'Umid', 'Anvar', 'Sanjar',
  'Madina', 'Malika', 'Nigora', 'Sevara', 'Shahnoza', 'Zilola', 'Dilfuza', 'Kamola', 'Gulsanam', 'Munisa', 'Laylo', 'Nilufar'];
const LAST_NAMES = ['Karimov', 'Rahimov', 'Aliyev', 'Tursunov', 'Yoqubov', 'Saidov', 'Qodirov', 'Ergashev', 'Hamidov', 'Nazarov', 'Sobirov', 'Usmonov'];

/** mulberry32: a tiny deterministic generator, good enough to spread demo data. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

/** Family name in the form that matches the first name (Karimov / Karimova). */
function fullName(index: number): string {
  const first = FIRST_NAMES[index % FIRST_NAMES.length];
  const last = LAST_NAMES[(index * 5 + Math.floor(index / FIRST_NAMES.length)) % LAST_NAMES.length];
  const female = FIRST_NAMES.indexOf(first) >= 12;
  return `${last}${female ? 'a' : ''} ${first}`;
}

function attendanceStatus(roll: number): AttendanceStatus {
  if (roll < 0.75) return 'present';
  if (roll < 0.85) return 'late';
  if (roll < 0.9) return 'excused';
  return 'absent';
}

const PLACEMENT_QUESTIONS = [
  { text: 'She ___ a student.', options: ['am', 'is', 'are'], correct: [1] },
  { text: 'Choose the past form of "go".', options: ['goed', 'gone', 'went', 'going'], correct: [2] },
  { text: 'Which words are verbs?', options: ['run', 'blue', 'write', 'table'], correct: [0, 2], points: 2 },
  { text: 'I have lived here ___ 2019.', options: ['for', 'since', 'from'], correct: [1] },
  { text: 'If I ___ you, I would study more.', options: ['was', 'am', 'were', 'be'], correct: [2], points: 2 },
];

export async function seedStudents(tx: DbOrTx, filialId: (name: DemoFilial) => number, now: Date): Promise<void> {
  const random = generator(20_26);
  const today = centreToday(now);
  const chilonzor = filialId('Chilonzor');
  const running = await tx
    .select({ id: groups.id, filialId: groups.filialId, startDate: groups.startDate, endDate: groups.endDate, capacity: rooms.capacity })
    .from(groups)
    .innerJoin(rooms, eq(rooms.id, groups.roomId))
    .where(and(eq(groups.isSecondary, false), ne(groups.status, 'archived'), ne(groups.status, 'finished')))
    .orderBy(asc(groups.id));

  let studentIndex = 0;
  const newStudent = (filial: number, status: 'testing' | 'new' | 'active') => {
    studentIndex += 1;
    return { filialId: filial, fullName: fullName(studentIndex), phone: `+99897${String(1_000_000 + studentIndex).slice(-7)}`, status };
  };

  const memberships: { studentIndex: number; groupId: number; joinedOn: string }[] = [];
  const rows: ReturnType<typeof newStudent>[] = [];
  for (const group of running) {
    const size = Math.min(group.capacity, group.filialId === chilonzor ? random.int(10, 15) : random.int(3, 5));
    // Members joined with the group's start, or a month ago for groups that started long before.
    const joinedOn = group.startDate > addDays(today, -30) ? group.startDate : addDays(today, -random.int(25, 60));
    for (let i = 0; i < size; i += 1) {
      rows.push(newStudent(group.filialId, joinedOn < addDays(today, -30) ? 'active' : 'new'));
      memberships.push({ studentIndex: rows.length - 1, groupId: group.id, joinedOn: joinedOn > group.endDate ? group.startDate : joinedOn });
    }
  }
  const testing = [newStudent(filialId('Yunusobod'), 'testing'), newStudent(filialId('Yunusobod'), 'testing')];
  const inserted = await tx.insert(students).values([...rows, ...testing]).returning({ id: students.id });
  if (memberships.length) {
    await tx.insert(studentGroups).values(memberships.map((m) => ({ studentId: inserted[m.studentIndex].id, groupId: m.groupId, joinedOn: m.joinedOn })));
  }

  // Attendance since the first day of last month (today's lesson is still to be marked).
  const since = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
  const groupIds = running.map((g) => g.id);
  const past = groupIds.length
    ? await tx
        .select({ id: lessons.id, groupId: lessons.groupId, date: lessons.date, teacherId: lessons.teacherId })
        .from(lessons)
        .where(and(inArray(lessons.groupId, groupIds), gte(lessons.date, since), lt(lessons.date, today), ne(lessons.status, 'cancelled')))
        .orderBy(asc(lessons.date), asc(lessons.id))
    : [];
  const marks: (typeof attendance.$inferInsert)[] = [];
  for (const lesson of past) {
    for (const m of memberships) {
      if (m.groupId !== lesson.groupId || m.joinedOn > lesson.date) continue;
      const status = attendanceStatus(random.next());
      const marked = (status === 'present' || status === 'late') && random.next() < 0.6;
      marks.push({
        lessonId: lesson.id,
        studentId: inserted[m.studentIndex].id,
        status,
        mark: marked ? random.int(60, 100) : null,
        markedBy: lesson.teacherId,
      });
    }
  }
  if (marks.length) {
    await tx.insert(attendance).values(marks);
    await tx.update(lessons).set({ status: 'held' }).where(inArray(lessons.id, [...new Set(marks.map((m) => m.lessonId))]));
  }

  await seedPlacementTest(tx, filialId('Yunusobod'), inserted.slice(rows.length).map((s) => s.id), random);
}

async function seedPlacementTest(tx: DbOrTx, yunusobod: number, testingIds: number[], random: ReturnType<typeof generator>) {
  const [english] = await tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.name, 'Ingliz tili'));
  if (!english) return;
  const [testolog] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.role, 'TESTOLOG')).orderBy(asc(employees.id)).limit(1);
  const [level] = await tx.select({ id: subjectLevels.id }).from(subjectLevels).where(eq(subjectLevels.subjectId, english.id)).orderBy(asc(subjectLevels.position)).limit(1);
  const [test] = await tx
    .insert(tests)
    .values({ filialId: yunusobod, title: 'Ingliz tili: darajani aniqlash testi', kind: 'placement', subjectId: english.id, levelId: level?.id ?? null, durationMinutes: 30, createdBy: testolog?.id ?? null })
    .returning({ id: tests.id });
  const questions = PLACEMENT_QUESTIONS.map((q, i) => ({
    testId: test.id,
    position: i + 1,
    text: q.text,
    points: q.points ?? 1,
    options: q.options.map((text, index) => ({ text, is_correct: q.correct.includes(index) })),
  }));
  await tx.insert(testQuestions).values(questions);
  for (const studentId of testingIds) {
    // Right with a fair chance, otherwise the first option.
    const answers = PLACEMENT_QUESTIONS.map((q) => (random.next() < 0.6 ? q.correct : [0]));
    const { score, max_score } = scoreTest(questions, answers);
    await tx.insert(testResults).values({ testId: test.id, studentId, score, maxScore: max_score, answers, createdBy: testolog?.id ?? null });
  }
}
