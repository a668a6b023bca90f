// Phones travel as +998 followed by nine digits; the input mask adds spaces that are stripped before sending.
export const PHONE_PREFIX = '+998';
export const PHONE_PATTERN = /^\+998\d{9}$/;

/** Strips spaces, dashes and brackets: "+998 90 123 45 67" → "+998901234567". */
export function normalizePhone(input: string): string {
  return input.replace(/[\s\-()]/g, '');
}
