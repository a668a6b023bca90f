// The scale seed: a realistic chain of branches for N students on top of the demo centre, for benchmarks and for
// trying the app at size. `npm run seed -- --scale N [--seed S]` runs it; benchmarks call seedScale directly.
// Expects a migrated database; seeds the demo centre first when the database is empty. Write it while nothing
// else writes to the database (ids are reserved from the sequences in blocks).
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import type { DbHandle } from '../../db/client';
import { centreToday } from '../../domain/lessons/dates';
import { seedDemoIfEmpty } from '../demo';
import { seedStaff } from '../staff';
import { countRows, reserveIds, writeMode, writeSeconds } from './bulk';
import { createBranches } from './branches';
import { dayOf } from './calendar';
import { assignIds, makeWriters, writeClasses, writeGroups, writeStudents } from './classes';
import { branchHistory } from './history';
import { writeLedger } from './ledger';
import { planLeads, writeLeads } from './leads';
import { branchCount, branchStudents } from './plan';
import { PhoneBook, makeFaker, makeRng } from './random';
import { loadReference } from './reference';
import { systemClock } from '../../domain/core/clock';

/** The tables the scale seed writes, in the order the summary lists them. */
export const SCALE_TABLES = [
  'filials', 'rooms', 'employees', 'employee_pages', 'courses', 'cashiers', 'groups', 'lessons', 'students', 'student_groups',
  'student_freezes', 'student_sales', 'student_logs', 'attendance', 'student_charges', 'student_balances', 'leads', 'lead_logs',
  'handovers', 'finance_entries', 'cashier_balances',
] as const;
export type ScaleTable = (typeof SCALE_TABLES)[number];

export type ScaleSummary = {
  students: number;
  branches: number;
  seed: number;
  /** Rows the run added per table. */
  counts: Record<ScaleTable, number>;
  seconds: number;
};

export type ScaleOptions = {
  students: number;
  /** faker and the number generator start from it; the same seed on the same day gives the same centre. */
  seed?: number;
  log?: (line: string) => void;
  /** scrypt cost of the generated employees' password hash (every one of them signs in with "teacher"). */
  scryptN?: number;
};

async function countAll(handle: DbHandle): Promise<Record<ScaleTable, number>> {
  const out = {} as Record<ScaleTable, number>;
  for (const t of SCALE_TABLES) out[t] = await countRows(handle.db, t);
  return out;
}

export async function seedScale(handle: DbHandle, opts: ScaleOptions): Promise<ScaleSummary> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const seed = opts.seed ?? 1;
  const scryptN = opts.scryptN ?? 2 ** 14;
  const { db } = handle;
  if (!Number.isInteger(opts.students) || opts.students < 1) throw new Error(`scale seed: students must be a positive integer, got ${opts.students}`);
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  if (await seedDemoIfEmpty(db, scryptN)) log('Seeded the demo centre.');
  const before = await countAll(handle);
  const rng = makeRng(seed);
  const faker = makeFaker(seed);
  const taken = await db.execute(sql`select phone from employees union select phone from students union select phone from leads`);
  const phones = new PhoneBook(rng, (taken as unknown as { rows: { phone: string }[] }).rows.map((r) => r.phone));
  const ref = await loadReference(db);
  const today = dayOf(centreToday(systemClock.now()));

  const count = branchCount(opts.students);
  const sizes = Array.from({ length: count }, (_, b) => branchStudents(opts.students, count, b));
  const mode = await writeMode(db);
  log(mode.fast ? 'Fast mode: triggers off per batch, foreign keys checked per batch in one query.' : 'Not a superuser: foreign keys checked row by row (slower).');
  const branches = await createBranches(db, mode, ref, sizes, rng, faker, phones, await hashPassword('teacher', scryptN));
  log(`${count} branches, ${branches.reduce((s, b) => s + b.rooms.length, 0)} rooms, ${branches.reduce((s, b) => s + b.teachers.flat().length, 0)} teachers (${elapsed()})`);

  const w = makeWriters(db, mode);
  for (const [b, branch] of branches.entries()) {
    const firstStudent = await reserveIds(db, 'students', branch.students);
    const h = branchHistory(branch, ref, today, rng, faker, phones, firstStudent);
    await assignIds(db, h);
    const leads = await planLeads(db, branch, h, ref, today, rng, faker, phones);
    await writeGroups(w, branch, h, ref, today);
    await writeStudents(w, branch, h, today);
    const monthly = await writeClasses(w, branch, h, ref, rng);
    await writeLeads(db, mode, branch, leads);
    const ledger = await writeLedger(db, mode, branch, monthly, ref, today, rng);
    log(
      `branch ${b + 1}/${count} ${branch.name}: ${h.students.length} students, ${h.groups.length} groups, ${h.lessons} lessons, ` +
        `${h.memberships.length} memberships, ${leads.leads.length} leads, ${ledger.entries} ledger entries (${elapsed()})`,
    );
  }
  // Salary terms and work days for the new employees, as the demo gives its own.
  await seedStaff(db);
  // The students tabs' kept counts: the fast mode wrote students with the triggers off (migration 0025).
  await db.execute(sql`select rebuild_student_counts()`);
  // Likewise each student's first membership day (migration 0030).
  await db.execute(sql`select rebuild_student_first_joined()`);
  // The trigger-kept totals were rewritten batch after batch while seeding: their indexes are several times the
  // size of a maintained database's (student_balances_debt_idx 1,443 pages for 40,000 entries at 100,000 students),
  // which changes the planner's choices. Rebuilt, as routine maintenance leaves them.
  for (const table of ['student_totals', 'student_balances', 'finance_daily', 'finance_monthly']) await db.execute(sql.raw(`reindex table ${table}`));
  // Statistics for the planner and a visibility map for index-only scans, without waiting for autovacuum
  // (which may be off, as on the benchmark machine).
  await db.execute(sql`vacuum (analyze)`);
  log(`time in inserts: ${[...writeSeconds].sort((a, b) => b[1] - a[1]).map(([t, s]) => `${t} ${s.toFixed(1)} s`).join(', ')}`);
  writeSeconds.clear();

  const after = await countAll(handle);
  const counts = {} as Record<ScaleTable, number>;
  for (const t of SCALE_TABLES) counts[t] = after[t] - before[t];
  return { students: opts.students, branches: count, seed, counts, seconds: Math.round((performance.now() - started) / 100) / 10 };
}
