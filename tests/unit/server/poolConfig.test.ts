// DATABASE_POOL_MAX: the PostgreSQL pool's size, a measured default, refused outside 1–100.
import { describe, expect, it } from 'vitest';
import { DEFAULT_POOL_MAX, configFromEnv } from '../../../server/config';

describe('DATABASE_POOL_MAX', () => {
  it('defaults to the measured size and takes a valid one', () => {
    expect(configFromEnv({}).databasePoolMax).toBe(DEFAULT_POOL_MAX);
    expect(configFromEnv({ DATABASE_POOL_MAX: ' 25 ' }).databasePoolMax).toBe(25);
  });

  it('refuses zero, a fraction, text and more than 100', () => {
    for (const bad of ['0', '2.5', 'ten', '101']) expect(() => configFromEnv({ DATABASE_POOL_MAX: bad })).toThrow(/DATABASE_POOL_MAX/);
  });
});
