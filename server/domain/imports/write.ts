// The commit's writes: every `new` row of a batch, in chunks of bulk inserts inside the commit's transaction, and
// the ids created per table (for undo). Students with a group get its membership from the join date (today when
// none), and an opening balance (a ledger of its own kind, never cash: schema/imports.ts) when the row has one.
// Leads start at their stage, dated by their created date. Groups get their regular lessons as a group created
// by hand does. Employees get the role's default pages and no password (a director sets one, issue 18 §1).
import { centreToday } from '../../../contract/centreDay';
import { defaultPagesFor } from '../../../contract/roles';
import type { ImportKind } from '../../../contract/imports';
import type { DbOrTx } from '../../db/client';
import { groups, leads, openingBalances, studentGroups, students, type ImportCreated } from '../../db/schema';
import type { Actor } from '../core/actor';
import { insertEmployee } from '../staff/employeeInsert';
import { regenerateLessons } from '../groups/lessonsGenerate';
import { initialStatus } from '../groups/groupWrites';
import { assertNoClash } from '../groups/conflicts';
import { allowedFilials } from '../core/scope';
import type { EmployeeData, GroupData, LeadData, RowData, StudentData } from './rows';

const CHUNK = 1000;

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/** An unusable password: sign-in refuses it until a director sets one (server/auth/password.ts). */
const NO_PASSWORD = '!imported';

export async function writeRows(tx: DbOrTx, kind: ImportKind, rows: RowData[], actor: Actor, batchId: number): Promise<ImportCreated> {
  switch (kind) {
    case 'students':
      return writeStudents(tx, rows as StudentData[], actor, batchId);
    case 'leads':
      return writeLeads(tx, rows as LeadData[], actor);
    case 'groups':
      return writeGroups(tx, rows as GroupData[], actor);
    case 'employees':
      return writeEmployees(tx, rows as EmployeeData[]);
  }
}

async function writeStudents(tx: DbOrTx, rows: StudentData[], actor: Actor, batchId: number): Promise<ImportCreated> {
  const created: Required<Pick<ImportCreated, 'students' | 'memberships' | 'openingBalances'>> = { students: [], memberships: [], openingBalances: [] };
  const today = centreToday(actor.now);
  for (const part of chunks(rows)) {
    // Phones are unique within a batch (a repeat is an error row), so the new ids are matched by phone.
    const inserted = await tx
      .insert(students)
      .values(
        part.map((r) => ({
          filialId: r.filialId,
          fullName: r.fullName,
          phone: r.phone,
          parentPhone: r.parentPhone,
          birthDate: r.birthDate,
          status: r.groupId ? ('active' as const) : ('new' as const),
          comment: r.otherParentPhones.length ? r.otherParentPhones.join(', ') : '',
          createdBy: actor.user.id,
          // Equal on purpose: an edit moves updated_at, which undo reads as "written since".
          createdAt: actor.now,
          updatedAt: actor.now,
        })),
      )
      .returning({ id: students.id, phone: students.phone });
    const idOf = new Map(inserted.map((s) => [s.phone, s.id]));
    created.students.push(...inserted.map((s) => s.id));
    const members = part.filter((r) => r.groupId !== null);
    if (members.length) {
      const joined = await tx
        .insert(studentGroups)
        .values(members.map((r) => ({ studentId: idOf.get(r.phone)!, groupId: r.groupId!, joinedOn: r.joinedOn ?? today, createdBy: actor.user.id })))
        .returning({ id: studentGroups.id });
      created.memberships.push(...joined.map((j) => j.id));
    }
    const balances = members.filter((r) => r.openingBalance !== null);
    if (balances.length) {
      const booked = await tx
        .insert(openingBalances)
        .values(
          balances.map((r) => ({
            filialId: r.filialId,
            studentId: idOf.get(r.phone)!,
            groupId: r.groupId!,
            amount: r.openingBalance!,
            importBatchId: batchId,
            createdBy: actor.user.id,
            createdAt: actor.now,
          })),
        )
        .returning({ id: openingBalances.id });
      created.openingBalances.push(...booked.map((b) => b.id));
    }
  }
  return created;
}

async function writeLeads(tx: DbOrTx, rows: LeadData[], actor: Actor): Promise<ImportCreated> {
  const ids: number[] = [];
  for (const part of chunks(rows)) {
    const inserted = await tx
      .insert(leads)
      .values(
        part.map((r) => {
          const at = r.createdOn ? new Date(`${r.createdOn}T12:00:00+05:00`) : actor.now;
          return {
            filialId: r.filialId,
            fullName: r.fullName,
            phone: r.phone,
            subjectId: r.subjectId,
            sourceId: r.sourceId,
            stage: r.stage,
            operatorId: r.operatorId,
            createdBy: actor.user.id,
            createdAt: at,
            updatedAt: at,
          };
        }),
      )
      .returning({ id: leads.id });
    ids.push(...inserted.map((l) => l.id));
  }
  return { leads: ids };
}

async function writeGroups(tx: DbOrTx, rows: GroupData[], actor: Actor): Promise<ImportCreated> {
  const ids: number[] = [];
  const today = centreToday(actor.now);
  for (const r of rows) {
    const status = initialStatus(r.startDate, today);
    // The same clash rule as a group made by hand (room and teacher free at those times): a 409 refuses the file.
    await assertNoClash(tx, { filialId: r.filialId, roomId: r.roomId, teacherIds: [r.teacherId], days: r.days, startTime: r.startTime, endTime: r.endTime, startDate: r.startDate, endDate: r.endDate }, allowedFilials(actor.user));
    const [row] = await tx
      .insert(groups)
      .values({ ...r, status, createdAt: actor.now, updatedAt: actor.now })
      .returning();
    await regenerateLessons(tx, row, row.startDate, actor.user.id);
    ids.push(row.id);
  }
  return { groups: ids };
}

async function writeEmployees(tx: DbOrTx, rows: EmployeeData[]): Promise<ImportCreated> {
  const ids: number[] = [];
  for (const r of rows) {
    ids.push(await insertEmployee(tx, { fullName: r.fullName, phone: r.phone, passwordHash: NO_PASSWORD, role: r.role, filialIds: r.filialIds, pages: defaultPagesFor(r.role) }));
  }
  return { employees: ids };
}
