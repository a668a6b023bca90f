// Phones travel as +998 followed by nine digits; the input mask adds spaces that are stripped before sending.
export const PHONE_PREFIX = '+998';
export const PHONE_PATTERN = /^\+998\d{9}$/;

/** Strips spaces, dashes and brackets: "+998 90 123 45 67" → "+998901234567". */
export function normalizePhone(input: string): string {
  return input.replace(/[\s\-()]/g, '');
}

/**
 * A phone in any common writing — "+998 90 123 45 67", "901234567", "8 90 123-45-67", "998901234567",
 * "(90) 123 45 67" — as `+998XXXXXXXXX`; null when it is not an Uzbek number.
 */
export function normalizeAnyPhone(input: string): string | null {
  let digits = input.replace(/[^\d]/g, '');
  if (digits.length === 12 && digits.startsWith('998')) digits = digits.slice(3);
  else if (digits.length === 10 && digits.startsWith('8')) digits = digits.slice(1);
  if (digits.length !== 9) return null;
  const phone = `+998${digits}`;
  return PHONE_PATTERN.test(phone) ? phone : null;
}
