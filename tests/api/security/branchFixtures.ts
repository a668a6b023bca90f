// The access matrix's world on top of the demo centre: branch A (Chilonzor) is the users' own, B (Yunusobod) and
// C (Samarqand) are foreign. One matrix user per role works in A only; their pages are rewritten in the database
// between phases (the server reads pages on every request). Branch B's and C's objects get a marker in their
// names so any answer that carries their data is caught by a plain text search.
import { eq, sql } from 'drizzle-orm';
import { PAGE_KEYS, ROLES, type PageKey, type Role } from '../../../contract/roles';
import { hashPassword } from '../../../server/auth/password';
import { employeePages } from '../../../server/db/schema';
import { insertEmployee } from '../../../server/domain/staff/employeeInsert';
import { freshAddress, type TestApp } from '../harness';
import { BRANCH_KINDS, GLOBAL_KINDS, type Kind } from './objectKinds';

export type Branch = 'A' | 'B' | 'C';
export const BRANCH_NAMES: Record<Branch, string> = { A: 'Chilonzor', B: 'Yunusobod', C: 'Samarqand' };
/** Text put into the names of a foreign branch's objects; never in an answer to a user who may not see them. */
export const marker = (b: Branch) => `Qz${b}leak`;

export type MatrixUser = { role: Role; id: number; token: string };

export type MatrixWorld = {
  filial: Record<Branch, number>;
  users: Record<Role, MatrixUser>;
  /** One object id per kind and branch (undefined when the branch has none of that kind). */
  objects: Record<Branch, Partial<Record<Kind, number>>>;
  /** A second object of some kinds (for bodies that need two different ones, e.g. a move between groups). */
  secondObjects: Record<Branch, Partial<Record<Kind, number>>>;
  setPages(userId: number, pages: readonly PageKey[]): Promise<void>;
};

const rows = async (t: TestApp, query: ReturnType<typeof sql>) => {
  const result = (await t.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
};

const firstId = async (t: TestApp, query: ReturnType<typeof sql>) => {
  const [row] = await rows(t, query);
  return row ? Number(row.id) : undefined;
};

/** Tables whose rows belong to a branch, with the text column the marker goes in. */
const MARKED: { table: string; column: string }[] = [
  { table: 'students', column: 'full_name' },
  { table: 'leads', column: 'full_name' },
  { table: 'groups', column: 'name' },
  { table: 'rooms', column: 'name' },
  { table: 'courses', column: 'name' },
  { table: 'homework', column: 'title' },
  { table: 'tests', column: 'title' },
  { table: 'cashiers', column: 'name' },
  { table: 'shop_items', column: 'name' },
  { table: 'tasks', column: 'title' },
  { table: 'comments', column: 'text' },
  { table: 'parent_messages', column: 'text' },
];

async function expectCreated(t: TestApp, token: string, path: string, body: unknown): Promise<number> {
  const res = await t.call('POST', path, { token, body });
  if (res.status !== 201) throw new Error(`fixture ${path}: ${res.status} ${res.text}`);
  return res.json.id;
}

/** The objects a branch lacks in the demo centre, made through the API as the director. */
async function completeBranch(t: TestApp, director: string, filialId: number): Promise<void> {
  const [member] = await rows(
    t,
    sql`select sg.student_id, sg.group_id from student_groups sg join groups g on g.id = sg.group_id
        where g.filial_id = ${filialId} and sg.left_on is null order by sg.id limit 1`,
  );
  const employee = await firstId(t, sql`select employee_id as id from employee_filials where filial_id = ${filialId} order by 1 limit 1`);
  const student = Number(member.student_id);
  const group = Number(member.group_id);
  await expectCreated(t, director, '/api/tasks', {
    title: 'Task',
    performer: employee,
    due_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    filial: filialId,
    student,
  });
  await expectCreated(t, director, '/api/comments', { student, text: 'Comment' });
  const sale = await firstId(t, sql`select id from sales order by id limit 1`);
  await expectCreated(t, director, '/api/finance/sale-student', { student, group, sale, reason: 'fixture' });
  await expectCreated(t, director, '/api/finance/voucher/student', { student, group, amount: '10000', reason: 'fixture' });
}

/** Copies the first row of `table` in branch `from`, with `set` changed (a branch's missing object). */
async function cloneRow(t: TestApp, table: string, from: number, set: Record<string, unknown>): Promise<void> {
  const columns = (await rows(t, sql`select column_name from information_schema.columns where table_name = ${table} and column_name <> 'id'`)).map(
    (r) => String(r.column_name),
  );
  const values = columns.map((c) => (c in set ? sql`${set[c]}` : sql.identifier(c)));
  await t.db.execute(
    sql`insert into ${sql.identifier(table)} (${sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    )})
        select ${sql.join(values, sql`, `)} from ${sql.identifier(table)} where filial_id = ${from} order by id limit 1`,
  );
}

async function objectIn(t: TestApp, kind: Kind, filialId: number): Promise<number | undefined> {
  const byBranch = (table: string) => firstId(t, sql`select id from ${sql.identifier(table)} where filial_id = ${filialId} order by id limit 1`);
  switch (kind) {
    case 'student':
      return byBranch('students');
    case 'lead':
      return byBranch('leads');
    case 'group':
      return byBranch('groups');
    case 'lesson':
      return byBranch('lessons');
    case 'room':
      return byBranch('rooms');
    case 'course':
      return byBranch('courses');
    case 'homework':
      return byBranch('homework');
    case 'test':
      return byBranch('tests');
    case 'cashier':
      return byBranch('cashiers');
    case 'financeEntry':
      return byBranch('finance_entries');
    case 'studentSale':
      return byBranch('student_sales');
    case 'voucher':
      return byBranch('vouchers');
    case 'shopItem':
      return byBranch('shop_items');
    case 'task':
      return byBranch('tasks');
    case 'timeRecord':
      return byBranch('time_records');
    case 'filial':
      return filialId;
    case 'parentMessage':
      return byBranch('parent_messages');
    case 'importBatch': {
      // A preview of one student in this branch (issue 18 §1), made directly: the matrix needs one per branch.
      const rows = JSON.stringify([{ row: 2, status: 'new', values: { full_name: 'Fixture student', phone: '+998900000000' }, errors: {}, match_id: null }]);
      await t.db.execute(sql`insert into import_batches (kind, file_name, filial_ids, headers, mapping, counts, rows)
        values ('students', 'fixture.csv', ARRAY[${filialId}]::int[], '[]'::jsonb, '{}'::jsonb, '{"rows":1,"new":1,"match":0,"error":0}'::jsonb, ${rows}::jsonb)`);
      return firstId(t, sql`select id from import_batches where filial_ids = ARRAY[${filialId}]::int[] order by id limit 1`);
    }
    case 'employee':
      // Someone who works in this branch only.
      return firstId(
        t,
        sql`select employee_id as id from employee_filials group by employee_id
            having bool_and(filial_id = ${filialId}) order by 1 limit 1`,
      );
    // Shared and personal objects: the same one for every branch.
    case 'notification':
      return firstId(t, sql`select id from notifications order by id limit 1`);
    case 'subject':
      return firstId(t, sql`select id from subjects order by id limit 1`);
    case 'level':
      return firstId(t, sql`select id from subject_levels order by id limit 1`);
    case 'theme':
      return firstId(t, sql`select id from themes order by id limit 1`);
    case 'marketingGroup':
      return firstId(t, sql`select id from marketing_groups order by id limit 1`);
    case 'marketingSource':
      return firstId(t, sql`select id from marketing_sources order by id limit 1`);
    case 'financeKind':
      return firstId(t, sql`select id from finance_kinds order by id limit 1`);
    case 'sale':
      return firstId(t, sql`select id from sales order by id limit 1`);
  }
}

export const ALL_KINDS: Kind[] = [...BRANCH_KINDS, 'notification', ...GLOBAL_KINDS];

export async function buildWorld(t: TestApp): Promise<MatrixWorld> {
  const filial = { A: await t.filialId('Chilonzor'), B: await t.filialId('Yunusobod'), C: await t.filialId('Samarqand') };
  const director = (await t.signInAs('DIRECTOR')).access_token;
  // The demo centre has nobody working in Samarqand only.
  await t.addEmployee({ role: 'TEACHER', phone: '+998770000099', password: 'matrix-pass-1', fullName: 'Samarqand teacher', filials: ['Samarqand'] });
  await completeBranch(t, director, filial.B);
  await completeBranch(t, director, filial.C);
  // Nor a homework, a placement test or an arrival in Samarqand: copies of Yunusobod's.
  const cTeacher = await firstId(t, sql`select id from employees where phone = '+998770000099'`);
  await cloneRow(t, 'homework', filial.B, { filial_id: filial.C });
  await cloneRow(t, 'tests', filial.B, { filial_id: filial.C });
  await cloneRow(t, 'time_records', filial.B, { filial_id: filial.C, employee_id: cTeacher });
  // A failed message to parents in each branch (resend takes only a failed one).
  for (const id of [filial.A, filial.B, filial.C]) {
    await t.db.execute(sql`insert into parent_messages (filial_id, student_id, phone, channel, event, source_id, text, status, next_attempt_at, created_at)
      select filial_id, id, phone, 'sms', 'debt', 'matrix', 'Message', 'failed', now(), now() from students where filial_id = ${id} order by id limit 1`);
  }
  for (const b of ['B', 'C'] as const) {
    for (const { table, column } of MARKED) {
      await t.db.execute(
        sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${sql.identifier(column)} || ${' ' + marker(b)} where filial_id = ${filial[b]}`,
      );
    }
    await t.db.execute(
      sql`update employees set full_name = full_name || ${' ' + marker(b)} where id in (
            select employee_id from employee_filials group by employee_id having bool_and(filial_id = ${filial[b]}))`,
    );
  }

  const passwordHash = await hashPassword('matrix-pass-1', t.config.scryptN);
  const users = {} as Record<Role, MatrixUser>;
  for (const [i, role] of ROLES.entries()) {
    const phone = `+99877${String(1000000 + i)
      .slice(1)
      .padStart(7, '0')}`;
    const id = await t.db.transaction((tx) =>
      insertEmployee(tx, { fullName: `Matrix ${role}`, phone, passwordHash, role, filialIds: [filial.A], pages: [] }),
    );
    const { access_token } = await t.signIn(phone, 'matrix-pass-1', freshAddress());
    users[role] = { role, id, token: access_token };
  }

  const objects = { A: {}, B: {}, C: {} } as MatrixWorld['objects'];
  for (const b of ['A', 'B', 'C'] as const) {
    for (const kind of ALL_KINDS) objects[b][kind] = await objectIn(t, kind, filial[b]);
  }

  const secondObjects = { A: {}, B: {}, C: {} } as MatrixWorld['secondObjects'];
  for (const b of ['A', 'B', 'C'] as const) {
    for (const [kind, table] of [
      ['group', 'groups'],
      ['cashier', 'cashiers'],
    ] as const) {
      secondObjects[b][kind] = await firstId(
        t,
        sql`select id from ${sql.identifier(table)} where filial_id = ${filial[b]} order by id offset 1 limit 1`,
      );
    }
  }

  return {
    filial,
    users,
    objects,
    secondObjects,
    async setPages(userId, pages) {
      await t.db.transaction(async (tx) => {
        await tx.delete(employeePages).where(eq(employeePages.employeeId, userId));
        if (pages.length) await tx.insert(employeePages).values(pages.map((page) => ({ employeeId: userId, page, isReadable: true })));
      });
    },
  };
}

export const ALL_PAGES: readonly PageKey[] = PAGE_KEYS;
