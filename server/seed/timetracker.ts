// Demo time records: the last three weeks (and today's arrivals so far) for the demo staff of every branch on their work days,
// mostly on time, some late (late minutes computed by the same rule as the API), now and then absent.
import { and, eq } from 'drizzle-orm';
import { isoWeekday, lateMinutes, tashkentInstant } from '../../contract/timetracker';
import type { DbOrTx } from '../db/client';
import { employeeFilials, employeeProfiles, employees, timeRecords } from '../db/schema';
import { centreToday } from '../domain/lessons/dates';

const DAYS_BACK = 21;

function dayBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export async function seedTimeRecords(tx: DbOrTx, now: Date): Promise<void> {
  const today = centreToday(now);
  const staff = await tx
    .selectDistinctOn([employees.id], {
      id: employees.id,
      filialId: employeeFilials.filialId,
      workStart: employeeProfiles.workStart,
      workEnd: employeeProfiles.workEnd,
      workDays: employeeProfiles.workDays,
    })
    .from(employees)
    .innerJoin(employeeFilials, eq(employeeFilials.employeeId, employees.id))
    .leftJoin(employeeProfiles, eq(employeeProfiles.employeeId, employees.id))
    .where(and(eq(employees.isArchived, false)))
    .orderBy(employees.id, employeeFilials.filialId);
  const rows: (typeof timeRecords.$inferInsert)[] = [];
  for (const person of staff) {
    const start = person.workStart ?? '09:00:00';
    const [sh, sm] = start.split(':').map(Number) as [number, number];
    const [eh, em] = (person.workEnd ?? '18:00:00').split(':').map(Number) as [number, number];
    const days = person.workDays ?? [1, 2, 3, 4, 5, 6];
    for (let back = DAYS_BACK; back >= 0; back -= 1) {
      const day = dayBefore(today, back);
      if (!days.includes(isoWeekday(day))) continue;
      const seed = (person.id * 31 + back * 17) % 23;
      if (seed === 0) continue; // absent
      // About one day in five late by 5..40 minutes; otherwise 2..20 minutes early.
      const offset = seed % 5 === 1 ? 5 + ((person.id + back) % 8) * 5 : -(2 + ((person.id * 7 + back) % 19));
      const arrived = tashkentInstant(day, clock(sh * 60 + sm + offset));
      const left = tashkentInstant(day, clock(eh * 60 + em + ((person.id + back) % 4) * 10));
      // Today: only arrivals that already happened, and nobody has left yet.
      if (back === 0 && Date.parse(arrived) > now.getTime()) continue;
      rows.push({
        employeeId: person.id,
        filialId: person.filialId,
        day,
        arrivedAt: new Date(arrived),
        leftAt: back === 0 ? null : new Date(left),
        lateMinutes: lateMinutes(person.workStart, arrived),
        source: 'device',
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(timeRecords).values(rows.slice(i, i + 500));
}
