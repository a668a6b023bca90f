// scrypt password hashes stored as `scrypt$N$r$p$saltB64$hashB64`, so the cost can rise without a migration.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const R = 8;
const P = 1;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // 128·N·r bytes are needed; the default 32 MiB ceiling would refuse N = 2^15 and up.
  const maxmem = 256 * (options.N ?? 16384) * (options.r ?? R) + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, N: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (![N, r, p].every(Number.isInteger) || expected.length === 0) return false;
  const actual = await derive(password, salt, { N, r, p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * A hash of a random password at cost N, made once per process. Signing in with an unknown phone verifies
 * against it, so that answer takes as long as a wrong password and does not reveal which phones exist.
 */
export function dummyHash(N: number): Promise<string> {
  let hash = dummyHashes.get(N);
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString('base64'), N);
    dummyHashes.set(N, hash);
  }
  return hash;
}
