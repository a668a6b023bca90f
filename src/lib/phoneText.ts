// Showing a stored phone: "+998901234567" → "+998 90 123 45 67" (spec section 9, phone prefix +998).
import { PHONE_PATTERN } from '../../contract/phone';
import { formatPhoneInput } from './phone';

/** A stored +998 phone in the mask's groups; anything else is shown as stored. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return PHONE_PATTERN.test(phone) ? formatPhoneInput(phone) : phone;
}
