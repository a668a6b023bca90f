// How coins read on the shop and bonus pages, and the award dialogs' field messages from the contract.
import { describe, expect, it } from 'vitest';
import { bonusAwardBody } from '../../../contract/bonuses';
import { issuesByField, numberOrMissing } from '../../../src/views/bonuses/awardForm';
import { formatCoins, signedCoins } from '../../../src/views/common/coins/coinsText';

describe('coins text', () => {
  it('groups thousands and keeps the sign', () => {
    expect(formatCoins(0)).toBe('0');
    expect(formatCoins(950)).toBe('950');
    expect(formatCoins(12500)).toBe('12\u00a0500');
    expect(formatCoins(-1500000)).toBe('−1\u00a0500\u00a0000');
    expect(signedCoins(30)).toBe('+30');
    expect(signedCoins(-50)).toBe('−50');
  });
});

describe('award form', () => {
  const t = (key: string, params?: Record<string, unknown>) => (params?.max !== undefined ? `${key}:${params.max}` : key);

  it('gives the first message of each field, or nothing when the body parses', () => {
    const bad = bonusAwardBody.safeParse({ student: undefined, coins: numberOrMissing('10001'), reason: '' });
    expect(issuesByField(bad, t)).toEqual({ student: 'validation.required', coins: 'validation.max:10000', reason: 'validation.required' });
    expect(issuesByField(bonusAwardBody.safeParse({ student: 1, coins: numberOrMissing('5'), reason: 'x' }), t)).toEqual({});
  });

  it('reads an empty number field as missing', () => {
    expect(numberOrMissing('  ')).toBeUndefined();
    expect(numberOrMissing('12')).toBe(12);
  });
});
