// The edit form's values and the PUT body they make: phones show the +998 mask, and a phone field left at the
// bare prefix means "none" (null), as an empty date or gender does.
import { z } from 'zod';
import { PHONE_PREFIX, normalizePhone } from '../../../../contract/phone';
import { type GENDERS, studentUpdateBody, type StudentDetail, type StudentUpdateBody } from '../../../../contract/students';
import { formatPhoneInput } from '../../../lib/phone';

export type EditValues = {
  full_name: string;
  phone: string;
  extra_phone: string;
  parent_phone: string;
  birth_date: string;
  gender: '' | (typeof GENDERS)[number];
  comment: string;
};
export const EDIT_FIELDS = ['full_name', 'phone', 'extra_phone', 'parent_phone', 'birth_date', 'gender', 'comment'] as const;

const maskedOrEmpty = (value: string | null) => (value ? formatPhoneInput(value) : `${PHONE_PREFIX} `);

export function editValuesOf(s: StudentDetail): EditValues {
  return {
    full_name: s.full_name,
    phone: formatPhoneInput(s.phone),
    extra_phone: maskedOrEmpty(s.extra_phone),
    parent_phone: maskedOrEmpty(s.parent_phone),
    birth_date: s.birth_date ?? '',
    gender: s.gender ?? '',
    comment: s.comment,
  };
}

/** A phone field holding nothing past the prefix is no phone. */
const optionalPhone = (value: string) => (normalizePhone(value) === PHONE_PREFIX || value.trim() === '' ? '' : value);

/** What PUT /students/{id}/ receives (every editable field, the branch unchanged). */
export function editBody(values: EditValues, filial: number): StudentUpdateBody {
  return {
    ...values,
    extra_phone: optionalPhone(values.extra_phone),
    parent_phone: optionalPhone(values.parent_phone),
    filial,
  };
}

/** The contract's PUT body, checked on the form's values (the branch is not on the form). */
export const editSchema = z
  .custom<EditValues>()
  .superRefine((values, ctx) => {
    const parsed = studentUpdateBody.safeParse(editBody(values, 1));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
