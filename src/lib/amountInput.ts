// Amounts as people type them into a money field: "1 500 000", "1500000,50", "1 500 000.5", "150000 so‘m" is not
// one. The parser turns such text into the wire form of contract/money.ts ("1500000.50") without ever going
// through a float; the formatter gives the field back in the display form after the user leaves it.
import { DECIMAL_SEPARATOR } from './money';

/** Spaces of every kind (typed, no-break, thin) and apostrophes some people group thousands with. */
const GROUPING = /[\s\u00a0\u202f'’]/g;
const AMOUNT = /^(\d+)(?:[.,](\d{1,2}))?$/;

/**
 * "1 500 000" → "1500000.00", "1500000,5" → "1500000.50", " 12.05 " → "12.05". Null for an empty field, a
 * sign, more than two decimals, a second separator or anything that is not digits (the form says "enter an
 * amount"). Zero is an amount here ("0.00"); whether it is allowed is the schema's decision.
 */
export function parseAmountInput(text: string): string | null {
  const compact = text.replace(GROUPING, '');
  const m = AMOUNT.exec(compact);
  if (!m) return null;
  const whole = m[1].replace(/^0+(?=\d)/, '');
  return `${whole}.${(m[2] ?? '').padEnd(2, '0')}`;
}

/**
 * The field's text after the user leaves it: "1500000,5" → "1 500 000,50" (the amount display of
 * src/lib/money.ts, with a plain space so the text can be edited and pasted); text that is not an amount stays as
 * typed, so the form's message points at what the user wrote.
 */
export function formatAmountInput(text: string): string {
  const amount = parseAmountInput(text);
  if (amount === null) return text;
  const [whole, cents] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return cents === '00' ? grouped : `${grouped}${DECIMAL_SEPARATOR}${cents}`;
}

/** "1500000.00" (wire form) → "1 500 000" for a field's starting text. */
export const amountToInput = (amount: string): string => formatAmountInput(amount);
