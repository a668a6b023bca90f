import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uzAmountWords, uzNumberWords } from '../../../contract/amountWords';

// A reader of the words, written apart from the writer: it must find the number again for any amount.
const VALUES: Record<string, number> = {
  bir: 1, ikki: 2, uch: 3, 'to‘rt': 4, besh: 5, olti: 6, yetti: 7, sakkiz: 8, 'to‘qqiz': 9,
  'o‘n': 10, yigirma: 20, 'o‘ttiz': 30, qirq: 40, ellik: 50, oltmish: 60, yetmish: 70, sakson: 80, 'to‘qson': 90,
};
const SCALE: Record<string, bigint> = { ming: 10n ** 3n, million: 10n ** 6n, milliard: 10n ** 9n, trillion: 10n ** 12n, kvadrillion: 10n ** 15n, kvintillion: 10n ** 18n };

function readWords(text: string): bigint {
  if (text === 'nol') return 0n;
  let total = 0n;
  let group = 0n;
  for (const word of text.split(' ')) {
    if (word === 'yuz') group *= 100n;
    else if (SCALE[word]) {
      total += group * SCALE[word];
      group = 0n;
    } else if (VALUES[word] !== undefined) {
      group += BigInt(VALUES[word]);
    } else throw new Error(`unknown word ${word}`);
  }
  return total + group;
}

describe('amounts in Uzbek words', () => {
  it('writes the amounts a receipt meets', () => {
    expect(uzAmountWords('0')).toBe('nol so‘m');
    expect(uzAmountWords('15')).toBe('o‘n besh so‘m');
    expect(uzAmountWords('100')).toBe('bir yuz so‘m');
    expect(uzAmountWords('450000.00')).toBe('to‘rt yuz ellik ming so‘m');
    expect(uzAmountWords('1250000')).toBe('bir million ikki yuz ellik ming so‘m');
    expect(uzAmountWords('1000001')).toBe('bir million bir so‘m');
    expect(uzAmountWords('2000000000')).toBe('ikki milliard so‘m');
    expect(uzAmountWords('10000000000.00')).toBe('o‘n milliard so‘m');
    expect(uzAmountWords('99.5')).toBe('to‘qson to‘qqiz so‘m 50 tiyin');
    expect(uzAmountWords('1.05')).toBe('bir so‘m 05 tiyin');
    expect(uzAmountWords('-300000.00')).toBe('minus uch yuz ming so‘m');
  });

  it('can be read back to the same number, for any whole amount up to 10^21', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 21n - 1n }), (n) => {
        expect(readWords(uzNumberWords(n))).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });

  it('never writes an empty word or a scale twice', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 21n - 1n }), (n) => {
        const words = uzNumberWords(n).split(' ');
        expect(words.every(Boolean)).toBe(true);
        const scales = words.filter((w) => SCALE[w]);
        expect(new Set(scales).size).toBe(scales.length);
      }),
    );
  });
});
