// An amount written in Russian words for a receipt read in Russian ("один миллион двести пятьдесят тысяч сум"):
// тысяча is feminine (одна тысяча, две тысячи), scale words and сум take the form of the number before them.
import { toCents } from './money';

const ONES = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const ONES_FEMININE = ['', 'одна', 'две', ...ONES.slice(3)];
const TEENS = ['десять', 'одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать', 'семнадцать', 'восемнадцать', 'девятнадцать'];
const TENS = ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'];
const HUNDREDS = ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот'];
/** one / few / many of each group of three digits from the right (the short scale Russian uses). */
const SCALES: [string, string, string][] = [
  ['', '', ''],
  ['тысяча', 'тысячи', 'тысяч'],
  ['миллион', 'миллиона', 'миллионов'],
  ['миллиард', 'миллиарда', 'миллиардов'],
  ['триллион', 'триллиона', 'триллионов'],
  ['квадриллион', 'квадриллиона', 'квадриллионов'],
  ['квинтиллион', 'квинтиллиона', 'квинтиллионов'],
];

/** The Russian form of a word after a whole number: 1, 21 → one; 2–4, 22 → few; 0, 5–20, 25 → many. */
export function ruForm(n: bigint, [one, few, many]: readonly [string, string, string]): string {
  const last2 = Number(n % 100n);
  const last = last2 % 10;
  if (last2 >= 11 && last2 <= 14) return many;
  if (last === 1) return one;
  return last >= 2 && last <= 4 ? few : many;
}

function triple(n: number, feminine: boolean): string[] {
  const words = [HUNDREDS[Math.floor(n / 100)]];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]);
  else words.push(TENS[Math.floor(rest / 10)], (feminine ? ONES_FEMININE : ONES)[rest % 10]);
  return words.filter(Boolean);
}

/** A whole number ≥ 0 in Russian words ("ноль" for zero). */
export function ruNumberWords(value: bigint): string {
  if (value < 0n) return `минус ${ruNumberWords(-value)}`;
  if (value === 0n) return 'ноль';
  const words: string[] = [];
  let rest = value;
  for (let scale = 0; rest > 0n; scale++) {
    const group = rest % 1000n;
    rest /= 1000n;
    if (!group) continue;
    if (scale >= SCALES.length) throw new Error(`Too large to write in words: ${value}`);
    words.unshift(...triple(Number(group), scale === 1), ...(scale ? [ruForm(group, SCALES[scale])] : []));
  }
  return words.join(' ');
}

/** "1250000.50" → "один миллион двести пятьдесят тысяч сумов 50 тийинов"; whole amounts carry no tiyin. */
export function ruAmountWords(amount: string): string {
  const cents = toCents(amount);
  const abs = cents < 0n ? -cents : cents;
  const sign = cents < 0n ? 'минус ' : '';
  const whole = abs / 100n;
  const tiyin = abs % 100n;
  const words = `${sign}${ruNumberWords(whole)} ${ruForm(whole, ['сум', 'сума', 'сумов'])}`;
  return tiyin ? `${words} ${String(tiyin).padStart(2, '0')} ${ruForm(tiyin, ['тийин', 'тийина', 'тийинов'])}` : words;
}
