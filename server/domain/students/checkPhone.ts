// GET /students/check_phone?phone_number=: the duplicate check a lead or student form runs while a phone is typed.
import type { CheckPhoneAnswer } from '../../../contract/students';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../core/actor';
import { allowedFilials } from '../core/scope';
import { findSamePhone } from './samePhone';

export async function checkPhone(q: DbOrTx, user: AuthUser, phone: string): Promise<CheckPhoneAnswer> {
  const found = await findSamePhone(q, allowedFilials(user), phone);
  return { exists: found.leads.length + found.students.length > 0, ...found };
}
