import { PHONE_PREFIX, normalizePhone } from '../../../../contract/phone';

/** The branch phone as sent: the mask's bare prefix counts as no phone (the field is optional). */
export function phoneOrNull(masked: string): string | null {
  const wire = normalizePhone(masked);
  return wire === '' || wire === PHONE_PREFIX ? null : wire;
}
