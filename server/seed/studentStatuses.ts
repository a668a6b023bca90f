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

  for (const [b, name] of DEMO_FILIALS.entries()) {
    const filial = filialId(name);
    await tx.insert(students).values([0, 1, 2].map((k) => person(filial, 'testing', hoursAgo(24 * (k + 1)))));

    // Frozen now: the freeze began two days ago.
    const frozenFrom = addDays(today, -2);
    const frozenTo = addDays(today, 25 + b);
    const [frozen] = await tx
      .insert(students)
      .values({ ...person(filial, 'frozen', hoursAgo(24 * 90)), frozenFrom, frozenTo, frozenReason: FREEZE_REASONS[0] })
      .returning({ id: students.id });
    await tx
      .insert(studentFreezes)
      .values({
        studentId: frozen.id,
        filialId: filial,
        fromDate: frozenFrom,
        toDate: frozenTo,
        reason: FREEZE_REASONS[0],
        createdBy: actorId,
        createdAt: hoursAgo(50),
      });
    await tx.insert(studentLogs).values({
      studentId: frozen.id,
      actorId,
      action: 'status.freeze',
      fromStatus: 'active',
      toStatus: 'frozen',
      detail: { from_date: frozenFrom, to_date: frozenTo, reason: FREEZE_REASONS[0], scheduled: false },
      createdAt: hoursAgo(50),
    });

    // Active, with a freeze that starts next week.
    const laterFrom = addDays(today, 7);
    const laterTo = addDays(today, 20);
    const [scheduled] = await tx
      .insert(students)
      .values({ ...person(filial, 'active', hoursAgo(24 * 60)), frozenFrom: laterFrom, frozenTo: laterTo, frozenReason: FREEZE_REASONS[1] })
      .returning({ id: students.id });
    await tx
      .insert(studentFreezes)
      .values({
        studentId: scheduled.id,
        filialId: filial,
        fromDate: laterFrom,
        toDate: laterTo,
        reason: FREEZE_REASONS[1],
        createdBy: actorId,
        createdAt: hoursAgo(5),
      });
    await tx.insert(studentLogs).values({
      studentId: scheduled.id,
      actorId,
      action: 'status.freeze',
      fromStatus: 'active',
      toStatus: 'active',
      detail: { from_date: laterFrom, to_date: laterTo, reason: FREEZE_REASONS[1], scheduled: true },
      createdAt: hoursAgo(5),
    });

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
