// The walk-in "add student" form as pure rules: its empty values, its checks (the contract's phone rule, with
// the +998 mask), the body it sends, and when a typed phone is whole enough to look for duplicates.
import { z } from 'zod';
import { PHONE_PREFIX, normalizePhone } from '../../../../contract/phone';
import { GENDERS, studentCreateBody, type StudentCreateBody } from '../../../../contract/students';

export { GENDERS };
export const WALK_IN_STATUSES = ['testing', 'new'] as const;

export type AddStudentValues = {
  full_name: string;
  phone: string;
  parent_phone: string;
  birth_date: string;
  gender: '' | (typeof GENDERS)[number];
  status: (typeof WALK_IN_STATUSES)[number];
  comment: string;
};

export const ADD_STUDENT_FIELDS = ['full_name', 'phone', 'parent_phone', 'birth_date', 'gender', 'status', 'comment'] as const;

/** A new student starts as "new" unless the list they are added from is the testing one. */
export function emptyStudent(status: AddStudentValues['status'] = 'new'): AddStudentValues {
  return { full_name: '', phone: `${PHONE_PREFIX} `, parent_phone: `${PHONE_PREFIX} `, birth_date: '', gender: '', status, comment: '' };
}

/** True while a phone field holds nothing past the mask's prefix. */
export function isBlankPhone(value: string): boolean {
  return normalizePhone(value) === PHONE_PREFIX || normalizePhone(value) === '';
}

// Shared with the new-lead form.
export { completePhone, duplicatesOf } from '../../common/samePhone';

/**
 * The form's check: the values as the body they become, checked by the contract's create body (so the client says
 * what the server would, field by field). The branch is the server's to check.
 */
export const addStudentSchema = z
  .custom<AddStudentValues>()
  .transform((values) => toWalkInBody(values, 1))
  .pipe(studentCreateBody);

/** POST /students/ body: phones without the mask's spaces, empty optional fields left out. */
export function toWalkInBody(values: AddStudentValues, filial: number): StudentCreateBody {
  const body: StudentCreateBody = { filial, full_name: values.full_name.trim(), phone: normalizePhone(values.phone), status: values.status };
  if (!isBlankPhone(values.parent_phone)) body.parent_phone = normalizePhone(values.parent_phone);
  if (values.birth_date) body.birth_date = values.birth_date;
  if (values.gender) body.gender = values.gender;
  if (values.comment.trim()) body.comment = values.comment.trim();
  return body;
}

