// What every generated branch shares and the demo centre already has: subjects with their levels and themes,
// marketing sources, the sale catalogue and the finance kinds. Read from the database; whatever is missing (a
// database that was not empty but not the demo either) is created the way the demo seed makes it.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employees, financeKinds, marketingSources, sales, subjectLevels, subjects, themes } from '../../db/schema';
import { DEMO_SUBJECTS } from '../catalogue';
import { DEMO_SALES } from '../billing';

export type Level = { id: number; name: string; themeIds: number[] };
export type Subject = { id: number; name: string; levels: Level[] };
export type Reference = {
  directorId: number;
  subjects: Subject[];
  sourceIds: number[];
  sales: { id: number; kind: 'percent' | 'fixed'; value: string }[];
  kinds: Kinds;
};

export const EXPENSE_KINDS = ['Ijara', 'Maosh', 'Kommunal to‘lovlar', 'Kantselyariya', 'Reklama', 'Ta’mirlash', 'Xo‘jalik mollari'] as const;
export const INCOME_KINDS = ['Kitob sotuvi', 'Boshqa kirim'] as const;
export type Kinds = {
  payment: number;
  refund: number;
  handoverIn: number;
  handoverOut: number;
  expense: Record<(typeof EXPENSE_KINDS)[number], number>;
  income: Record<(typeof INCOME_KINDS)[number], number>;
};

async function kindId(db: Db, name: string, action: 'income' | 'expense'): Promise<number> {
  const [found] = await db
    .select({ id: financeKinds.id })
    .from(financeKinds)
    .where(and(eq(financeKinds.name, name), eq(financeKinds.action, action), isNull(financeKinds.systemKey)))
    .orderBy(asc(financeKinds.id))
    .limit(1);
  if (found) return found.id;
  const [made] = await db.insert(financeKinds).values({ name, action }).returning({ id: financeKinds.id });
  return made.id;
}

async function systemKind(db: Db, key: 'student_payment' | 'student_refund' | 'handover', action: 'income' | 'expense') {
  const [row] = await db
    .select({ id: financeKinds.id })
    .from(financeKinds)
    .where(and(eq(financeKinds.systemKey, key), eq(financeKinds.action, action)));
  if (!row) throw new Error(`scale seed: the system finance kind ${key}/${action} is missing (migration 0004)`);
  return row.id;
}

async function loadSubjects(db: Db): Promise<Subject[]> {
  const read = async () => {
    const rows = await db
      .select({ subjectId: subjects.id, subject: subjects.name, levelId: subjectLevels.id, level: subjectLevels.name, themeId: themes.id })
      .from(subjects)
      .innerJoin(subjectLevels, and(eq(subjectLevels.subjectId, subjects.id), eq(subjectLevels.isArchived, false)))
      .leftJoin(themes, and(eq(themes.levelId, subjectLevels.id), eq(themes.isArchived, false)))
      .where(eq(subjects.isArchived, false))
      .orderBy(asc(subjects.id), asc(subjectLevels.position), asc(themes.position));
    const out: Subject[] = [];
    for (const r of rows) {
      let s = out.find((x) => x.id === r.subjectId);
      if (!s) out.push((s = { id: r.subjectId, name: r.subject, levels: [] }));
      let l = s.levels.find((x) => x.id === r.levelId);
      if (!l) s.levels.push((l = { id: r.levelId, name: r.level, themeIds: [] }));
      if (r.themeId != null) l.themeIds.push(r.themeId);
    }
    return out;
  };
  const found = await read();
  if (found.length) return found;
  for (const s of DEMO_SUBJECTS) {
    const [subject] = await db.insert(subjects).values({ name: s.name }).returning({ id: subjects.id });
    for (const [i, l] of s.levels.entries()) {
      const [level] = await db.insert(subjectLevels).values({ subjectId: subject.id, name: l.name, position: i + 1 }).returning({ id: subjectLevels.id });
      await db.insert(themes).values(l.themes.map((name, k) => ({ levelId: level.id, name, position: k + 1 })));
    }
  }
  return read();
}

export async function loadReference(db: Db): Promise<Reference> {
  const [director] = await db.select({ id: employees.id }).from(employees).where(eq(employees.role, 'DIRECTOR')).orderBy(asc(employees.id)).limit(1);
  if (!director) throw new Error('scale seed: no director; the demo centre (or create-director) comes first');

  let sourceRows = await db.select({ id: marketingSources.id }).from(marketingSources).where(eq(marketingSources.isArchived, false)).orderBy(asc(marketingSources.id));
  if (!sourceRows.length) {
    sourceRows = await db
      .insert(marketingSources)
      .values(['Instagram', 'Telegram', 'Do‘stlar tavsiyasi', 'Banner / flayer'].map((name) => ({ name })))
      .returning({ id: marketingSources.id });
  }

  let saleRows = await db.select({ id: sales.id, kind: sales.kind, value: sales.value }).from(sales).where(eq(sales.isArchived, false)).orderBy(asc(sales.id));
  if (!saleRows.length) {
    saleRows = await db.insert(sales).values(DEMO_SALES.map((s) => ({ ...s, createdBy: director.id }))).returning({ id: sales.id, kind: sales.kind, value: sales.value });
  }

  const expense = {} as Kinds['expense'];
  for (const name of EXPENSE_KINDS) expense[name] = await kindId(db, name, 'expense');
  const income = {} as Kinds['income'];
  for (const name of INCOME_KINDS) income[name] = await kindId(db, name, 'income');

  return {
    directorId: director.id,
    subjects: await loadSubjects(db),
    sourceIds: sourceRows.map((s) => s.id),
    sales: saleRows,
    kinds: {
      payment: await systemKind(db, 'student_payment', 'income'),
      refund: await systemKind(db, 'student_refund', 'expense'),
      handoverIn: await systemKind(db, 'handover', 'income'),
      handoverOut: await systemKind(db, 'handover', 'expense'),
      expense,
      income,
    },
  };
}
