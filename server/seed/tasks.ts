// Demo tasks in Chilonzor: the director and the administrator give each other and the staff a few tasks, one of
// them overdue (already reminded, so the bell stays as seeded), one done. No notifications are seeded.
import { asc, eq, sql } from 'drizzle-orm';
import type { Role } from '../../contract/roles';
import type { DbOrTx } from '../db/client';
import { employees, leads, students, tasks } from '../db/schema';
import type { DemoFilial } from './demo';

const hoursFromNow = (h: number) => sql`now() + make_interval(hours => ${h})`;

export async function seedTasks(tx: DbOrTx, filialId: (name: DemoFilial) => number): Promise<void> {
  const filial = filialId('Chilonzor');
  const people = await tx.select({ id: employees.id, role: employees.role }).from(employees).orderBy(asc(employees.id));
  const who = (role: Role) => people.find((p) => p.role === role)!.id;
  const [student] = await tx.select({ id: students.id }).from(students).where(eq(students.filialId, filial)).orderBy(asc(students.id)).limit(1);
  const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.filialId, filial)).orderBy(asc(leads.id)).limit(1);
  const rows: (typeof tasks.$inferInsert)[] = [
    {
      title: 'Ota-onalar yig‘ilishini tashkil qilish',
      description: 'Shanba kuni soat 11:00 da, katta xonada.',
      performerId: who('ADMINISTRATOR'),
      creatorId: who('DIRECTOR'),
      dueAt: hoursFromNow(26) as never,
      filialId: filial,
    },
    {
      title: 'Qarzdor o‘quvchiga qo‘ng‘iroq qilish',
      performerId: who('CALL_OPERATOR'),
      creatorId: who('ADMINISTRATOR'),
      dueAt: hoursFromNow(-5) as never,
      studentId: student?.id ?? null,
      overdueNotifiedAt: hoursFromNow(-4) as never,
      filialId: filial,
    },
    {
      title: 'Yangi lid bilan uchrashuv belgilash',
      performerId: who('SERVICE_SALES'),
      creatorId: who('ADMINISTRATOR'),
      dueAt: hoursFromNow(4) as never,
      leadId: lead?.id ?? null,
      status: 'in_progress',
      filialId: filial,
    },
    {
      title: 'Oylik davomat hisobotini tayyorlash',
      performerId: who('ATTENDANCE_MANAGER'),
      creatorId: who('DIRECTOR'),
      dueAt: hoursFromNow(-30) as never,
      status: 'done',
      doneAt: hoursFromNow(-32) as never,
      filialId: filial,
    },
    {
      title: 'Xonalar jadvalini tekshirish',
      performerId: who('DIRECTOR'),
      creatorId: who('ADMINISTRATOR'),
      dueAt: hoursFromNow(50) as never,
      filialId: filial,
    },
  ];
  await tx.insert(tasks).values(rows);
}
