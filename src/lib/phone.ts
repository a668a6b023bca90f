// The phone input mask of spec section 5: "+998 XX XXX XX XX", spaces stripped before sending.
import { PHONE_PREFIX, normalizePhone } from '../../contract/phone';

const LOCAL_DIGITS = 9;
const GROUPS = [2, 3, 2, 2];
const COUNTRY_DIGITS = PHONE_PREFIX.slice(1); // "998"

/** The nine local digits the user means, from whatever is in the field (typed, pasted, partly deleted). */
function localDigits(raw: string): string {
  // The prefix is still whole: whatever was typed before or after it (the caret may sit at the start) is local.
  const at = raw.indexOf(PHONE_PREFIX);
  if (at >= 0) {
    const rest = raw.slice(0, at) + raw.slice(at + PHONE_PREFIX.length);
    // "+998 +998935551234": the whole number typed after the pre-filled prefix; its own "+" starts it over.
    if (rest.trimStart().startsWith('+')) return localDigits(rest.trimStart());
    return rest.replace(/\D/g, '').slice(0, LOCAL_DIGITS);
  }
  const digits = raw.replace(/\D/g, '');
  // With the "+" the field still starts with the country code (or what is left of it after a backspace).
  // Without it, a pasted full number carries the code in front of nine more digits.
  const hasCountryCode = raw.trimStart().startsWith('+') || digits.length > LOCAL_DIGITS;
  if (!hasCountryCode) return digits.slice(0, LOCAL_DIGITS);
  if (digits.startsWith(COUNTRY_DIGITS)) return digits.slice(COUNTRY_DIGITS.length, COUNTRY_DIGITS.length + LOCAL_DIGITS);
  // "+99" or "+9": the user deleted into the prefix; the prefix comes back and no digit is invented.
  if (COUNTRY_DIGITS.startsWith(digits)) return '';
  return digits.slice(0, LOCAL_DIGITS);
}

/**
 * Formats the field as the user types: always "+998 " then the local digits grouped 2-3-2-2, at most nine.
 * "+998901234567" → "+998 90 123 45 67"; "" → "+998 ".
 */
export function formatPhoneInput(raw: string): string {
  const digits = localDigits(raw);
  const parts: string[] = [];
  let at = 0;
  for (const size of GROUPS) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return `${PHONE_PREFIX} ${parts.join(' ')}`;
}

/** What the server expects: "+998 90 123 45 67" → "+998901234567". */
export function phoneToWire(formatted: string): string {
  return normalizePhone(formatted);
}
