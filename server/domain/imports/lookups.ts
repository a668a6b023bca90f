// What an import's rows name by text, read once per preview or commit: the branches, groups, courses, rooms,
// employees, subjects and sources within the uploader's branch scope (names compared case-insensitively), and
// the phones already in the database. Also the "allowed values" sheet of the templates.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courses, employees, filials, groups, leads, marketingSources, rooms, students, subjects } from '../../db/schema';
import type { ImportKind } from '../../../contract/imports';
import { inScope, type FilialScope } from '../core/scope';

export type Named = { id: number; name: string; filialId: number | null; extra?: Record<string, unknown> };

/** Case- and space-insensitive key of a name. */
export const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

export class NameIndex {
  private readonly byName = new Map<string, Named[]>();
  constructor(readonly all: Named[]) {
    for (const item of all) {
      const key = nameKey(item.name);
      this.byName.set(key, [...(this.byName.get(key) ?? []), item]);
    }
  }
  /** The item named `name`, of `filialId` when it belongs to a branch (a branch-less item matches any). */
  find(name: string, filialId?: number | null): Named | undefined {
    const found = this.byName.get(nameKey(name)) ?? [];
    return filialId == null ? found[0] : found.find((x) => x.filialId === null || x.filialId === filialId);
  }
}

export type Lookups = {
  scope: FilialScope;
  branches: NameIndex;
  groups: NameIndex;
  courses: NameIndex;
  rooms: NameIndex;
  teachers: NameIndex;
  staff: NameIndex;
  subjects: NameIndex;
  sources: NameIndex;
};

const scoped = (scope: FilialScope, column: Parameters<typeof inArray>[0]) => (scope === 'all' ? sql`true` : scope.length ? inArray(column, scope) : sql`false`);

export async function loadLookups(db: DbOrTx, scope: FilialScope): Promise<Lookups> {
  const [branchRows, groupRows, courseRows, roomRows, staffRows, subjectRows, sourceRows] = await Promise.all([
    db.select({ id: filials.id, name: filials.name }).from(filials).where(eq(filials.isArchived, false)),
    db.select({ id: groups.id, name: groups.name, filialId: groups.filialId }).from(groups).where(and(sql`${groups.status} <> 'archived'`, scoped(scope, groups.filialId))),
    db
      .select({ id: courses.id, name: courses.name, filialId: courses.filialId, price: courses.price, months: courses.durationMonths })
      .from(courses)
      .where(and(eq(courses.isArchived, false), scoped(scope, courses.filialId))),
    db.select({ id: rooms.id, name: rooms.name, filialId: rooms.filialId }).from(rooms).where(and(eq(rooms.isArchived, false), scoped(scope, rooms.filialId))),
    db.select({ id: employees.id, name: employees.fullName, role: employees.role, phone: employees.phone }).from(employees).where(eq(employees.isArchived, false)),
    db.select({ id: subjects.id, name: subjects.name }).from(subjects).where(eq(subjects.isArchived, false)),
    db.select({ id: marketingSources.id, name: marketingSources.name }).from(marketingSources).where(eq(marketingSources.isArchived, false)),
  ]);
  const staff = staffRows.map((e) => ({ id: e.id, name: e.name, filialId: null, extra: { role: e.role, phone: e.phone } }));
  return {
    scope,
    branches: new NameIndex(branchRows.filter((b) => inScope(scope, b.id)).map((b) => ({ ...b, filialId: b.id }))),
    groups: new NameIndex(groupRows),
    courses: new NameIndex(courseRows.map((c) => ({ id: c.id, name: c.name, filialId: c.filialId, extra: { price: c.price, months: c.months } }))),
    rooms: new NameIndex(roomRows),
    teachers: new NameIndex(staff.filter((e) => e.extra.role === 'TEACHER')),
    staff: new NameIndex(staff),
    subjects: new NameIndex(subjectRows.map((s) => ({ ...s, filialId: null }))),
    sources: new NameIndex(sourceRows.map((s) => ({ ...s, filialId: null }))),
  };
}

/** Phone → id of the records of `kind` that already have one of `phones` (students and leads: any branch). */
export async function existingPhones(db: DbOrTx, kind: ImportKind, phones: string[]): Promise<Map<string, number>> {
  if (phones.length === 0 || kind === 'groups') return new Map();
  const table = kind === 'students' ? students : kind === 'leads' ? leads : employees;
  const found: { id: number; phone: string }[] = [];
  for (let i = 0; i < phones.length; i += 5000) {
    const part = phones.slice(i, i + 5000);
    found.push(...(await db.select({ id: table.id, phone: table.phone }).from(table).where(inArray(table.phone, part))));
  }
  return new Map(found.map((r) => [r.phone, r.id]));
}
