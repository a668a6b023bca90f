// Who already has a phone number (as main or extra phone) among the leads and students of the caller's branches.
// One finder for GET /students/check_phone, the warning POST /students/ answers with, and (the same shape as)
// the warning of POST /lid/, so a person is found the same way from either side.
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { duplicateLink, type LeadDuplicate } from '../../../contract/leads';
import type { LeadBrief, StudentBrief } from '../../../contract/students';
import type { DbOrTx } from '../../db/client';
import { leads, students } from '../../db/schema';
import { conflictMessage } from '../core/errors';
import type { FilialScope } from '../core/scope';
import { studentBriefColumns } from './students';

export type SamePhone = { leads: LeadBrief[]; students: StudentBrief[] };

/** Leads and students with `phone` in `scope`, leaving out the record being created or edited. */
export async function findSamePhone(
  q: DbOrTx,
  scope: FilialScope,
  phone: string,
  except: { lead?: number; student?: number } = {},
): Promise<SamePhone> {
  if (scope !== 'all' && scope.length === 0) return { leads: [], students: [] };
  const leadRows = await q
    .select({ id: leads.id, full_name: leads.fullName, phone: leads.phone, filial: leads.filialId, stage: leads.stage, is_archived: leads.isArchived })
    .from(leads)
    .where(
      and(
        scope === 'all' ? undefined : inArray(leads.filialId, scope),
        except.lead ? ne(leads.id, except.lead) : undefined,
        or(eq(leads.phone, phone), eq(leads.extraPhone, phone)),
      ),
    )
    .orderBy(leads.id);
  const studentRows = await q
    .select(studentBriefColumns)
    .from(students)
    .where(
      and(
        scope === 'all' ? undefined : inArray(students.filialId, scope),
        except.student ? ne(students.id, except.student) : undefined,
        or(eq(students.phone, phone), eq(students.extraPhone, phone)),
      ),
    )
    .orderBy(students.id);
  return { leads: leadRows, students: studentRows };
}

/** The same people as the `duplicates` warning of POST /lid/ and POST /students/. */
export function asDuplicates(found: SamePhone): LeadDuplicate[] {
  const pick = ({ id, filial, full_name, phone }: { id: number; filial: number; full_name: string; phone: string }) => ({ id, filial, full_name, phone });
  return [
    ...found.leads.map((l) => ({ kind: 'lead' as const, ...pick(l), link: duplicateLink('lead', l.id) })),
    ...found.students.map((s) => ({ kind: 'student' as const, ...pick(s), link: duplicateLink('student', s.id) })),
  ];
}

/**
 * Before a lead or student is created: 409 `{detail, code: 'errors.samePhone', duplicates}` when leads or students
 * of the caller's branches have one of `phones` (main or extra), unless the request confirmed it.
 */
export async function refuseSamePhone(q: DbOrTx, scope: FilialScope, phones: (string | null | undefined)[], confirmed: boolean | undefined): Promise<void> {
  if (confirmed) return;
  const seen = new Set<string>();
  const duplicates: LeadDuplicate[] = [];
  for (const phone of new Set(phones.filter((p): p is string => Boolean(p)))) {
    for (const d of asDuplicates(await findSamePhone(q, scope, phone))) {
      if (seen.has(`${d.kind}-${d.id}`)) continue;
      seen.add(`${d.kind}-${d.id}`);
      duplicates.push(d);
    }
  }
  if (duplicates.length) throw conflictMessage('errors.samePhone', { count: duplicates.length }, { duplicates });
}
