import { describe, expect, it } from 'vitest';
import { idempotencyKey } from '../../../contract/finance';
import { idempotencyHeaders, newIdempotencyKey } from '../../../src/api/idempotency';

describe('idempotency keys', () => {
  it('makes a new valid key each time', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    expect(idempotencyKey.parse(a)).toBe(a);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('puts the key in the Idempotency-Key header', () => {
    expect(idempotencyHeaders('k-12345678')).toEqual({ 'Idempotency-Key': 'k-12345678' });
  });
});
