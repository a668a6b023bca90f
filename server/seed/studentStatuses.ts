// Demo students in every status, so each list of the students area shows something: per branch a few in
// testing (no group yet), two frozen (one running freeze, one scheduled), two archived with reasons, each with
// its student_logs rows. They are new people outside the demo groups, so rosters and attendance stay as seeded.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { employees, studentFreezes, studentLogs, students } from '../db/schema';
import { addDays, centreToday } from '../domain/lessons/dates';
import { DEMO_FILIALS, type DemoFilial } from './demo';

const NAMES = [
  'Nodira Ismoilova',
  'Zafar Qosimov',
  'Gulnoza Mirzayeva',
  'Otabek Rustamov',
  'Shahnoza Valiyeva',
  'Bekzod Xolmatov',
  'Madina Jo‘rayeva',
  'Rustam Abdullayev',
  'Kamola Sodiqova',
  'Ulug‘bek Mahmudov',
  'Dildora Nurmatova',
  'Sardor Islomov',
  'Feruza Ahmedova',
  'Akmal Yusupov',
  'Malika Karimova',
  'Jamshid Hasanov',
  'Sevara Olimova',
  'Nodir Raximov',
  'Lola Sharipova',
  'Ilhom Murodov',
  'Zarina Tojiyeva',
];
const FREEZE_REASONS = ['Kasallik sababli', 'Oilaviy safar'];
const ARCHIVE_REASONS = ['Boshqa shaharga ko‘chib ketdi', 'Narx qimmatlik qildi'];

/** Hours ago as a timestamp. */
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

export async function seedStudentStatuses(tx: DbOrTx, filialId: (name: DemoFilial) => number, now: Date): Promise<void> {
  const today = centreToday(now);
  const [admin] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.role, 'ADMINISTRATOR')).limit(1);
  const actorId = admin?.id ?? null;
  let index = 0;
  const person = (filial: number, status: 'testing' | 'active' | 'frozen' | 'archived', createdAt: Date) => {
    const fullName = NAMES[index % NAMES.length];
    index += 1;
    return { filialId: filial, fullName, phone: `+99895${String(2_000_000 + index).slice(-7)}`, status, createdAt, updatedAt: createdAt };
  };

  // A new student with a freeze from `from` to `to`: frozen now (status frozen) or scheduled (still active).
  type Freeze = { filial: number; status: 'active' | 'frozen'; from: string; to: string; reason: string; joined: Date; at: Date };
  const freeze = async ({ filial, status, from, to, reason, joined, at }: Freeze) => {
    const [student] = await tx
      .insert(students)
      .values({ ...person(filial, status, joined), frozenFrom: from, frozenTo: to, frozenReason: reason })
      .returning({ id: students.id });
    await tx.insert(studentFreezes).values({ studentId: student.id, filialId: filial, fromDate: from, toDate: to, reason, createdBy: actorId, createdAt: at });
    await tx.insert(studentLogs).values({
      studentId: student.id,
      actorId,
      action: 'status.freeze',
      fromStatus: 'active',
      toStatus: status,
      detail: { from_date: from, to_date: to, reason, scheduled: status === 'active' },
      createdAt: at,
    });
  };

  for (const [b, name] of DEMO_FILIALS.entries()) {
    const filial = filialId(name);
    await tx.insert(students).values([0, 1, 2].map((k) => person(filial, 'testing', hoursAgo(24 * (k + 1)))));

    // Frozen now: the freeze began two days ago.
    await freeze({ filial, status: 'frozen', from: addDays(today, -2), to: addDays(today, 25 + b), reason: FREEZE_REASONS[0], joined: hoursAgo(24 * 90), at: hoursAgo(50) });

    // Active, with a freeze that starts next week.
    await freeze({ filial, status: 'active', from: addDays(today, 7), to: addDays(today, 20), reason: FREEZE_REASONS[1], joined: hoursAgo(24 * 60), at: hoursAgo(5) });

    // Archived: one a few days ago, one about a month and a half ago.
    for (const [k, reason] of ARCHIVE_REASONS.entries()) {
      const at = hoursAgo(k === 0 ? 24 * 3 + b : 24 * 45 + b);
      const from = k === 0 ? 'active' : 'new';
      const [gone] = await tx
        .insert(students)
        .values({
          ...person(filial, 'archived', hoursAgo(24 * 120)),
          isArchived: true,
          archivedReason: reason,
          archivedAt: at,
          archivedFromStatus: from,
        })
        .returning({ id: students.id });
      await tx.insert(studentLogs).values({
        studentId: gone.id,
        actorId,
        action: 'status.archive',
        fromStatus: from,
        toStatus: 'archived',
        detail: { reason, archived_from: from, left_groups: [] },
        createdAt: at,
      });
    }
  }
}
