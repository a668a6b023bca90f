// Shared set-up for the rooms, groups and schedule API tests: catalogue rows written straight into the database
// (the catalogue has its own tests), fresh rooms and teachers per test so the demo data never gets in the way.
import type { Role } from '../../contract/roles';
import { courses, subjectLevels, subjects } from '../../server/db/schema';
import type { TestApp } from './harness';

let counter = 0;
/** A name no other test uses (subjects are unique by name). */
export const unique = (prefix: string) => `${prefix} ${process.pid}-${++counter}`;

export async function makeCourse(t: TestApp, filial: string, opts: { price?: string; name?: string } = {}) {
  const filialId = await t.filialId(filial);
  const [subject] = await t.db.insert(subjects).values({ name: unique('Fan') }).returning();
  const [level] = await t.db.insert(subjectLevels).values({ subjectId: subject.id, name: 'B1', position: 1 }).returning();
  const [course] = await t.db
    .insert(courses)
    .values({
      filialId,
      subjectId: subject.id,
      levelId: level.id,
      name: opts.name ?? unique('Kurs'),
      price: opts.price ?? '450000.00',
      lessonsPerMonth: 12,
      durationMonths: 6,
    })
    .returning();
  return { id: course.id, name: course.name, subjectId: subject.id, levelId: level.id, filialId, price: course.price };
}

let phone = 935_600_000;
/** A new employee of the role in the branches (none: every branch); its id, phone and password. */
export async function makeEmployee(t: TestApp, role: Role, filials: string[]) {
  phone += 1;
  const input = { role, phone: `+998${phone}`, password: 'secret-pass', fullName: unique(`${role} Test`), filials };
  const id = await t.addEmployee(input);
  return { id, ...input };
}

export async function makeRoom(t: TestApp, token: string, filial: string, opts: { name?: string; capacity?: number } = {}) {
  const res = await t.call('POST', '/api/groups/room', {
    token,
    body: { filial: await t.filialId(filial), name: opts.name ?? unique('Xona'), room_type: 'classroom', capacity: opts.capacity ?? 16 },
  });
  if (res.status !== 201) throw new Error(`room: ${res.status} ${res.text}`);
  return res.json as { id: number; name: string; filial: number };
}

export type GroupFields = {
  filial: number;
  name: string;
  course: number;
  teacher: number;
  assistant?: number | null;
  room: number;
  days: number[];
  start_time: string;
  end_time: string;
  start_date: string;
  end_date: string;
  price?: string;
  status?: string;
};

/** A group body in a far-future term (2031) so no demo group shares its dates. */
export function groupBody(base: { filial: number; course: number; teacher: number; room: number }, over: Partial<GroupFields> = {}): GroupFields {
  return {
    name: unique('Guruh'),
    days: [1, 3, 5],
    start_time: '14:00',
    end_time: '15:30',
    start_date: '2031-01-06',
    end_date: '2031-03-31',
    ...base,
    ...over,
  };
}
