// An amount written in Uzbek words, as a receipt or a contract spells it ("bir million ikki yuz ellik ming so‘m").
// Formal style, as bank documents write it: "bir yuz", "bir ming" (not "yuz", "ming"); tiyin in figures.
import { toCents } from './money';

const ONES = ['', 'bir', 'ikki', 'uch', 'to‘rt', 'besh', 'olti', 'yetti', 'sakkiz', 'to‘qqiz'];
const TENS = ['', 'o‘n', 'yigirma', 'o‘ttiz', 'qirq', 'ellik', 'oltmish', 'yetmish', 'sakson', 'to‘qson'];
/** Each group of three digits from the right: units, thousands, millions… (the long scale Uzbek uses). */
const SCALES = ['', 'ming', 'million', 'milliard', 'trillion', 'kvadrillion', 'kvintillion'];

/** 0 < n < 1000 in words. */
function triple(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const tens = Math.floor((n % 100) / 10);
  const ones = n % 10;
  if (hundreds) words.push(ONES[hundreds], 'yuz');
  if (tens) words.push(TENS[tens]);
  if (ones) words.push(ONES[ones]);
  return words;
}

/** A whole number ≥ 0 in words ("nol" for zero). */
export function uzNumberWords(value: bigint): string {
  if (value < 0n) return `minus ${uzNumberWords(-value)}`;
  if (value === 0n) return 'nol';
  const words: string[] = [];
  let rest = value;
  for (let scale = 0; rest > 0n; scale++) {
    const group = Number(rest % 1000n);
    rest /= 1000n;
    if (!group) continue;
    if (scale >= SCALES.length) throw new Error(`Too large to write in words: ${value}`);
    words.unshift(...triple(group), ...(SCALES[scale] ? [SCALES[scale]] : []));
  }
  return words.join(' ');
}

/** "1250000.50" → "bir million ikki yuz ellik ming so‘m 50 tiyin"; whole amounts carry no tiyin. */
export function uzAmountWords(amount: string): string {
  const cents = toCents(amount);
  const abs = cents < 0n ? -cents : cents;
  const sign = cents < 0n ? 'minus ' : '';
  const tiyin = abs % 100n;
  const words = `${sign}${uzNumberWords(abs / 100n)} so‘m`;
  return tiyin ? `${words} ${String(tiyin).padStart(2, '0')} tiyin` : words;
}
