// POST /auth/token: throttle reservation, password check, new session. Unknown phone, wrong password and archived
// employee get the same answer after the same scrypt work, so the answer does not reveal which phones exist.
import { eq } from 'drizzle-orm';
import { employees } from '../db/schema';
import { audit } from '../domain/audit/record';
import type { AppDeps } from '../http/context';
import { DomainError, unauthorized } from '../domain/core/errors';
import { dummyHash, verifyPassword } from './password';
import { createSession } from './sessions';
import { isKnownAddress, recordSuccess, reserveAttempt, throttleKeys } from './throttle';
import type { TokenPair } from './tokens';

export const INVALID_CREDENTIALS = 'Invalid phone or password';

export type SignInInput = { phone: string; password: string; ip: string; userAgent: string | null };

export async function signIn({ db, config, tokens, clock }: AppDeps, input: SignInInput): Promise<TokenPair> {
  const now = clock.now();
  const keys = throttleKeys(input.phone, input.ip, await isKnownAddress(db, input.phone, input.ip, now));
  // Counted before the password is checked, so parallel attempts cannot slip past the limit.
  const wait = await reserveAttempt(db, keys, now);
  if (wait > 0) {
    await audit(db, failure(input, null, 'throttled'));
    throw new DomainError('too_many', { text: `Too many sign-in attempts. Try again in ${wait} seconds.`, extra: { retry_after: wait }, retryAfter: wait });
  }

  const [employee] = await db
    .select({ id: employees.id, passwordHash: employees.passwordHash, isArchived: employees.isArchived })
    .from(employees)
    .where(eq(employees.phone, input.phone));
  const passwordOk = await verifyPassword(input.password, employee?.passwordHash ?? (await dummyHash(config.scryptN)));

  if (!employee || !passwordOk || employee.isArchived) {
    const reason = !employee ? 'unknown_phone' : !passwordOk ? 'wrong_password' : 'archived';
    // The reserved attempt stays counted as the failure.
    await audit(db, failure(input, employee?.id ?? null, reason));
    throw unauthorized(INVALID_CREDENTIALS);
  }

  const session = await db.transaction(async (tx) => {
    // Success starts the pair (this phone from this address) again, but only gives back this attempt on the
    // phone's and the address's counters: signing in must not reset the budget of someone guessing elsewhere or
    // from the same address. The address becomes a known one for the phone.
    await recordSuccess(tx, keys, input.phone, input.ip, now);
    const created = await createSession(tx, {
      employeeId: employee.id,
      ttlSeconds: config.refreshTtl,
      maxAgeSeconds: config.sessionMaxAge,
      userAgent: input.userAgent,
      ip: input.ip,
    });
    await audit(tx, {
      actorId: employee.id,
      action: 'auth.sign_in',
      entity: 'session',
      entityId: created.sessionId,
      after: { employee_id: employee.id, user_agent: input.userAgent },
      ip: input.ip,
    });
    return created;
  });
  return (await tokens()).pair({ employeeId: employee.id, ...session });
}

function failure(input: SignInInput, employeeId: number | null, reason: string) {
  return {
    actorId: null,
    action: 'auth.sign_in_failed',
    entity: 'employee',
    entityId: employeeId,
    after: { phone: input.phone, reason },
    ip: input.ip,
  };
}
