// The demo centre: three branches, one employee per role and a few notifications, so a fresh install can be
// tried at once. Seeded only into an empty database, and only when DEMO is not '0'.
import { count, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ROLES, defaultPagesFor, type Role } from '../../contract/roles';
import { hashPassword } from '../auth/password';
import type { Db, DbOrTx } from '../db/client';
import * as schema from '../db/schema';
import { employees, filials, notifications } from '../db/schema';
import { insertEmployee } from '../domain/staff/employeeInsert';
import { ensureSystemKinds } from '../domain/finance/systemKinds';
import { seedCatalogue } from './catalogue';
import { seedMarketing } from './marketing';
import { DEMO_TEACHERS, seedGroups } from './groups';
import { seedStudents } from './students';
import { seedStudentStatuses } from './studentStatuses';
import { seedLeads } from './leads';
import { seedShop } from './shop';
import { seedStaff } from './staff';
import { seedTasks } from './tasks';
import { seedTimeRecords } from './timetracker';
import { seedFinance } from './finance';
import { seedBilling } from './billing';
import { systemClock } from '../domain/core/clock';
import { centreToday } from '../domain/lessons/dates';

export const DEMO_FILIALS = ['Chilonzor', 'Yunusobod', 'Samarqand'] as const;
export type DemoFilial = (typeof DEMO_FILIALS)[number];

const NAMES: Record<Role, string> = {
  DIRECTOR: 'Akmal Karimov',
  CALL_OPERATOR: 'Dilnoza Yusupova',
  ADMINISTRATOR: 'Jasur Toshmatov',
  SERVICE_SALES: 'Madina Rahimova',
  SERVICE_MANAGER: 'Sardor Aliyev',
  ACCOUNTING: 'Gulnora Ismoilova',
  ATTENDANCE_MANAGER: 'Bekzod Nazarov',
  FILIAL_Manager: 'Nodira Qodirova',
  HEAD_TEACHER: 'Shavkat Ergashev',
  MONITORING_MANAGER: 'Feruza Saidova',
  TESTOLOG: 'Otabek Mirzayev',
  TEACHER: 'Zarina Abdullayeva',
  ASSISTANT: 'Ulugʻbek Hasanov',
  MULTIPLE_FILIAL_MANAGER: 'Kamola Xolmatova',
};

/** Branches per role; the director has none (sees all), everyone not listed works in Chilonzor. */
const BRANCHES: Partial<Record<Role, DemoFilial[]>> = {
  DIRECTOR: [],
  MULTIPLE_FILIAL_MANAGER: ['Chilonzor', 'Yunusobod'],
  TESTOLOG: ['Yunusobod'],
  ASSISTANT: ['Yunusobod'],
};

const NOTIFICATIONS: Partial<Record<Role, string[]>> = {
  DIRECTOR: [
    'Chilonzor filialida 3 ta yangi lid qoʻshildi',
    'Yunusobod filialining oylik hisoboti tayyor',
    'Ertaga soat 10:00 da umumiy yigʻilish boʻladi',
  ],
  TEACHER: ['Sizga yangi guruh biriktirildi: Ingliz tili B1', 'Ertangi darsingiz soat 15:00 ga koʻchirildi'],
};

export type DemoSignIn = { phone: string; password: string; role: Role; name: string; filials?: DemoFilial[] };

/**
 * Director first, then the other roles in ROLES order, then the extra demo teachers; phones +998900000001,
 * +998900000002, ...
 */
export const DEMO_SIGN_INS: DemoSignIn[] = [
  ...(['DIRECTOR', ...ROLES.filter((r) => r !== 'DIRECTOR')] as Role[]).map((role) => ({ role, name: NAMES[role] })),
  ...DEMO_TEACHERS.map((t) => ({ role: t.role, name: t.name, filials: t.filials })),
].map((s, i) => ({ ...s, phone: `+998${900000001 + i}`, password: s.role.toLowerCase() }));

/** A plain-text table of the demo sign-ins for the console. */
export function formatSignIns(list: DemoSignIn[] = DEMO_SIGN_INS): string {
  const rows = [['Phone', 'Password', 'Role', 'Name'], ...list.map((s) => [s.phone, s.password, s.role, s.name])];
  const widths = rows[0].map((_, col) => Math.max(...rows.map((r) => r[col].length)));
  return rows.map((r) => r.map((cell, col) => cell.padEnd(widths[col])).join('  ').trimEnd()).join('\n');
}

/**
 * Seeds the demo centre unless some employee exists; true when it seeded. Safe with several processes. Its dates
 * follow `now` (the clock's instant): groups run around that week and only lessons before that day are marked.
 */
export async function seedDemoIfEmpty(db: Db, scryptN: number, now: Date = systemClock.now()): Promise<boolean> {
  const hasEmployees = async (q: DbOrTx) => (await q.select({ n: count() }).from(employees))[0].n > 0;
  // The usual case (every later start) costs one count and no hashing.
  if (await hasEmployees(db)) return false;
  const hashes = await Promise.all(DEMO_SIGN_INS.map((s) => hashPassword(s.password, scryptN)));
  return db.transaction(async (tx) => {
    // Two processes starting on one empty database: the second waits here, then sees the first one's rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('markaz.seed'))`);
    if (await hasEmployees(tx)) return false;

    const created = await tx
      .insert(filials)
      .values(DEMO_FILIALS.map((name) => ({ name })))
      .returning({ id: filials.id, name: filials.name });
    const filialId = (name: DemoFilial) => created.find((f) => f.name === name)!.id;

    for (const [i, s] of DEMO_SIGN_INS.entries()) {
      const id = await insertEmployee(tx, {
        fullName: s.name,
        phone: s.phone,
        passwordHash: hashes[i],
        role: s.role,
        filialIds: (s.filials ?? BRANCHES[s.role] ?? ['Chilonzor']).map(filialId),
        pages: defaultPagesFor(s.role),
      });
      // Only the role's own demo employee gets its notifications, not the extra teachers.
      const texts = DEMO_SIGN_INS.findIndex((x) => x.role === s.role) === i ? (NOTIFICATIONS[s.role] ?? []) : [];
      if (texts.length) {
        await tx.insert(notifications).values(
          texts.map((comment, k) => ({
            userId: id,
            comment,
            filialId: filialId('Chilonzor'),
            // Spread over the last hours so "newest first" is visible.
            createdAt: sql`now() - make_interval(hours => ${k * 3 + 1})`,
          })),
        );
      }
    }
    await seedCatalogue(tx, filialId);
    await seedGroups(tx, filialId, centreToday(now));
    // Students join the demo groups and get attendance for their lessons, so it runs after the groups.
    await seedStudents(tx, filialId, now);
    await seedStudentStatuses(tx, filialId, now);
    await seedMarketing(tx);
    await seedLeads(tx, filialId, now);
    await seedShop(tx, filialId);
    // Profiles (salary terms, 09:00–18:00 work days) after the groups, whose subjects the teachers take.
    await seedStaff(tx);
    // Tasks and three weeks of arrivals, after the profiles whose work start the late minutes use.
    await seedTasks(tx, filialId);
    await seedTimeRecords(tx, now);
    // Charges for every held demo lesson, after the students, their freezes and the sales; then the ledger, whose
    // student payments are computed from those charges.
    await seedBilling(tx, filialId, now);
    await seedFinance(tx, filialId, now);
    return true;
  });
}

/**
 * Empties every table and restarts their id sequences. app_settings is kept: it holds the signing secret that
 * running processes already use. The system finance kinds of migration 0004 are put back.
 */
export async function resetData(db: Db): Promise<void> {
  const names = (Object.values(schema) as unknown[])
    .filter((t): t is PgTable => is(t, PgTable))
    .map((t) => getTableName(t))
    .filter((name) => name !== getTableName(schema.appSettings));
  await db.execute(sql.raw(`truncate table ${names.map((n) => `"${n}"`).join(', ')} restart identity cascade`));
  await ensureSystemKinds(db);
}
