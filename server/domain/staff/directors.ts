// The first director of a real (non-demo) installation, created from the command line.
import { eq } from 'drizzle-orm';
import { normalizePhone, PHONE_PATTERN } from '../../../contract/phone';
import { defaultPagesFor } from '../../../contract/roles';
import { hashPassword } from '../../auth/password';
import type { Db } from '../../db/client';
import { employees } from '../../db/schema';
import { audit } from '../audit/record';
import { insertEmployee } from './employeeInsert';

/** Stricter than PASSWORD_MIN: this account can do everything and is made without anyone watching. */
export const DIRECTOR_PASSWORD_MIN = 8;

export type DirectorInput = { fullName: string; phone: string; password: string };

/** What is wrong with the input, or null when it can be used. */
export function directorInputProblem(input: DirectorInput): string | null {
  if (input.fullName.trim().length < 2) return 'Enter the full name.';
  if (!PHONE_PATTERN.test(normalizePhone(input.phone))) return 'The phone must be +998 followed by nine digits.';
  if (input.password.length < DIRECTOR_PASSWORD_MIN) {
    return `The password must have at least ${DIRECTOR_PASSWORD_MIN} characters.`;
  }
  return null;
}

export async function createDirector(db: Db, input: DirectorInput, scryptN: number): Promise<number> {
  const problem = directorInputProblem(input);
  if (problem) throw new Error(problem);
  const phone = normalizePhone(input.phone);
  const [taken] = await db.select({ id: employees.id }).from(employees).where(eq(employees.phone, phone));
  if (taken) throw new Error(`An employee with the phone ${phone} already exists (id ${taken.id}).`);
  const passwordHash = await hashPassword(input.password, scryptN);
  return db.transaction(async (tx) => {
    const id = await insertEmployee(tx, {
      fullName: input.fullName.trim(),
      phone,
      passwordHash,
      role: 'DIRECTOR',
      filialIds: [],
      pages: defaultPagesFor('DIRECTOR'),
    });
    await audit(tx, {
      actorId: null,
      action: 'employee.create',
      entity: 'employee',
      entityId: id,
      after: { full_name: input.fullName.trim(), phone, role: 'DIRECTOR', source: 'create-director' },
    });
    return id;
  });
}
