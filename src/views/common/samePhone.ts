// Who already has the phone a new lead or student form holds: the live check while it is typed (GET
// /students/check_phone) and the create's 409 (`samePhoneConflict`) are one list of records with their pages.
// The forms save over them only when the user chooses to (`confirm_duplicate: true`).
import { PHONE_PATTERN, normalizePhone } from '../../../contract/phone';
import { duplicateLink, samePhoneConflict, type LeadDuplicate } from '../../../contract/leads';
import type { CheckPhoneAnswer } from '../../../contract/students';
import { ApiError } from '../../api/errors';

/** The wire phone once all nine digits are typed (the moment to ask GET /students/check_phone), else null. */
export function completePhone(value: string): string | null {
  const wire = normalizePhone(value);
  return PHONE_PATTERN.test(wire) ? wire : null;
}

/** GET /students/check_phone's answer as one list of same-phone records, students first. */
export function duplicatesOf(answer: CheckPhoneAnswer): LeadDuplicate[] {
  return [
    ...answer.students.map((s) => ({ kind: 'student' as const, id: s.id, filial: s.filial, full_name: s.full_name, phone: s.phone, link: duplicateLink('student', s.id) })),
    ...answer.leads.map((l) => ({ kind: 'lead' as const, id: l.id, filial: l.filial, full_name: l.full_name, phone: l.phone, link: duplicateLink('lead', l.id) })),
  ];
}

/** The records of a create refused for its phone (409 errors.samePhone), else null. */
export function conflictDuplicates(error: unknown): LeadDuplicate[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = samePhoneConflict.safeParse(error.body);
  return parsed.success ? parsed.data.duplicates : null;
}
