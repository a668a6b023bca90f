// Money of spec section 9. Amounts arrive as decimal strings ("1500000.00"); every step here is string and BigInt
// arithmetic, so no amount is ever rounded through a binary float.
//
// Display convention (Uzbek, also used in English so columns look the same): digits grouped in threes with a
// no-break space (U+00A0, looks like a space but never wraps inside a number), comma as the decimal separator,
// always two decimals: "1 500 000,50", "-12,00".

export const GROUP_SEPARATOR = '\u00a0';
export const DECIMAL_SEPARATOR = ',';

type Decimal = { negative: boolean; digits: bigint; scale: number };

/** Parses "-1234.5", "1e21", 12.5 into an exact decimal; null when it is not a number. */
function parseDecimal(value: string | number): Decimal | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  // String(number) is the shortest text that round-trips the float, e.g. 1.005 → "1.005", so no error is added.
  const text = String(value).trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const [, sign, int, frac = '', exp = '0'] = m;
  let scale = frac.length - Number(exp);
  let digits = BigInt((int || '0') + frac);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: sign === '-' && digits !== 0n, digits, scale };
}

/** Rounds half away from zero to `places` decimals; returns the scaled integer (value × 10^places). */
function roundTo(d: Decimal, places: number): bigint {
  if (d.scale <= places) return d.digits * 10n ** BigInt(places - d.scale);
  const divisor = 10n ** BigInt(d.scale - places);
  const q = d.digits / divisor;
  return (d.digits % divisor) * 2n >= divisor ? q + 1n : q;
}

function groupThousands(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
}

/**
 * "1500000.5" → "1 500 000,50"; -3 → "-3,00". Empty input (null, undefined, "") gives ""; text that is not a
 * number is shown as it came, so a server surprise is visible rather than hidden as 0,00.
 */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = parseDecimal(value);
  if (!d) return String(value);
  const cents = roundTo(d, 2);
  const text = cents.toString().padStart(3, '0');
  const int = text.slice(0, -2);
  const sign = d.negative && cents !== 0n ? '-' : '';
  return `${sign}${groupThousands(int)}${DECIMAL_SEPARATOR}${text.slice(-2)}`;
}

export type AmountSign = 'negative' | 'zero' | 'positive';

/** Spec section 9: negative red, zero black, positive green (the view maps the sign to a colour). */
export function amountSign(value: string | number | null | undefined): AmountSign {
  const d = value === null || value === undefined ? null : parseDecimal(value);
  if (!d || d.digits === 0n) return 'zero';
  return d.negative ? 'negative' : 'positive';
}

type Translate = (key: string) => string;

const SUFFIXES = [
  { power: 15, key: 'common.amount.quadrillion', uz: 'kvdrln' },
  { power: 12, key: 'common.amount.trillion', uz: 'trln' },
  { power: 9, key: 'common.amount.billion', uz: 'mlrd' },
  { power: 6, key: 'common.amount.million', uz: 'mln' },
  { power: 3, key: 'common.amount.thousand', uz: 'ming' },
] as const;

/**
 * 1 265 000 → "1,27 mln"; 1 500 000 → "1,5 mln"; 2 000 000 → "2 mln"; -1 250 → "-1,25 ming"; 950 → "950". Rounded
 * to the nearest hundredth of the unit (half away from zero, as formatMoney rounds), trailing zeros dropped; a
 * value that rounds up to 1000 of a unit takes the next one (999 999 → "1 mln"). Amounts below 1000 get no suffix.
 * Meant for space-starved places (chart axes, secondary figures on a phone): a balance that is a card's main
 * figure is shown in full. With `t`, suffixes are the i18n keys `common.amount.*`; without it (or while that
 * namespace is not loaded) the Uzbek words.
 */
export function shortenAmount(value: string | number, t?: Translate): string {
  const d = parseDecimal(value);
  if (!d) return String(value);
  // Hundredths of the unit, rounded half up on the absolute value: |value| × 100 / 10^power.
  const hundredths = (power: number) => {
    const divisor = 10n ** BigInt(d.scale + power);
    const scaled = d.digits * 100n;
    const q = scaled / divisor;
    return (scaled % divisor) * 2n >= divisor ? q + 1n : q;
  };
  const whole = d.digits / 10n ** BigInt(d.scale);
  let index = SUFFIXES.findIndex((s) => whole >= 10n ** BigInt(s.power));
  let rounded = hundredths(index === -1 ? 0 : SUFFIXES[index].power);
  // 999 999 rounds to 1000,00 ming: say 1 mln instead (the largest suffix keeps its thousands).
  if (rounded >= 100_000n && index !== 0) {
    index = index === -1 ? SUFFIXES.length - 1 : index - 1;
    rounded = hundredths(SUFFIXES[index].power);
  }
  const suffix = index === -1 ? undefined : SUFFIXES[index];
  const int = (rounded / 100n).toString();
  const decimals = (rounded % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  const sign = d.negative && rounded !== 0n ? '-' : '';
  const number = `${sign}${int}${decimals ? DECIMAL_SEPARATOR + decimals : ''}`;
  if (!suffix) return number;
  const translated = t?.(suffix.key);
  const word = translated && translated !== suffix.key ? translated : suffix.uz;
  return `${number} ${word}`;
}
