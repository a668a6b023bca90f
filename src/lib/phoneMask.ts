// The phone field's mask for Maskito (typing, pasting, deleting, autofill and the caret are Maskito's; the rules
// of an Uzbek number are these). The field shows "+998 " then nine digits grouped 2-3-2-2.
import type { MaskitoOptions, MaskitoPreprocessor } from '@maskito/core';
import { PHONE_PREFIX } from '../../contract/phone';
import { formatPhoneInput } from './phone';

type ElementState = Parameters<MaskitoPreprocessor>[0]['elementState'];

/** "+998 ": pre-filled, never deleted by a key. */
export const PHONE_HEAD = `${PHONE_PREFIX} `;
const LOCAL_DIGITS = 9;
const COUNTRY_DIGITS = PHONE_PREFIX.slice(1);
const D = /\d/;
const PHONE_MASK = [...PHONE_HEAD, D, D, ' ', D, D, D, ' ', D, D, ' ', D, D];

/** "", "+", "+9", "+99", "+998": the person is typing the country code themselves (after a "+"). */
export function isPartialHead(value: string): boolean {
  return value.length < PHONE_HEAD.length && PHONE_HEAD.startsWith(value);
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The selection moved out of "+998 ", so no key edits the prefix. */
function pastHead([from, to]: ElementState['selection']): [number, number] {
  return [Math.max(from, PHONE_HEAD.length), Math.max(to, PHONE_HEAD.length)];
}

/**
 * Typed or pasted text. A "+" or a number with its country code ("+998 93 555-12-34", "998935551234") starts the
 * number over when no other digit would be left, so "+998935551234" typed after the pre-filled "+998 " is that
 * number and not "+998 99 893 55 51". Anything else is its digits, inserted at the caret past the prefix.
 */
export function phoneInsert(state: ElementState, data: string): { elementState: ElementState; data: string } {
  const digits = digitsOf(data);
  const international = data.trimStart().startsWith('+') || (digits.length > LOCAL_DIGITS && digits.startsWith(COUNTRY_DIGITS));
  if (!state.value.startsWith(PHONE_HEAD)) {
    // After a typed "+": one key at a time continues the country code (Maskito's fixed characters take "998").
    if (data.length <= 1 && !international) return { elementState: state, data };
    const fresh = international ? { value: '', selection: [0, 0] as const } : { value: PHONE_HEAD, selection: [PHONE_HEAD.length, PHONE_HEAD.length] as const };
    return { elementState: fresh, data: international ? `+${digits}` : digits };
  }
  const [from, to] = pastHead(state.selection);
  const kept = digitsOf(state.value.slice(PHONE_HEAD.length, from) + state.value.slice(to));
  if (international) {
    // A whole pasted number replaces the field; a lone "+" inside a number is not a digit and is dropped.
    if (digits.length > COUNTRY_DIGITS.length || kept === '') return { elementState: { value: '', selection: [0, 0] }, data: `+${digits}` };
    return { elementState: { value: state.value, selection: [from, to] }, data: '' };
  }
  return { elementState: { value: state.value, selection: [from, to] }, data: digits };
}

/**
 * Backspace or Delete over a space of the groups removes the digit beyond it (the space alone would come back);
 * the prefix is never deleted. `selection` is what the key would remove (one character for a plain key press).
 */
export function phoneDelete(state: ElementState, backward: boolean): ElementState {
  if (!state.value.startsWith(PHONE_HEAD)) return state;
  let [from, to] = pastHead(state.selection);
  if (to - from === 1 && state.value[from] === ' ') {
    if (backward) from = Math.max(from - 1, PHONE_HEAD.length);
    else to = Math.min(to + 1, state.value.length);
  }
  return { value: state.value, selection: [from, to] };
}

/** Values that reach the field without a key (autofill, a value set by the app): reformatted whole. */
export function phoneValidate(state: ElementState): ElementState {
  if (isPartialHead(state.value) && state.value !== '') return state;
  const value = formatPhoneInput(state.value);
  return value === state.value ? state : { value, selection: [value.length, value.length] };
}

const preprocessor: MaskitoPreprocessor = ({ elementState, data }, actionType) => {
  switch (actionType) {
    case 'insert':
      return phoneInsert(elementState, data);
    case 'deleteBackward':
    case 'deleteForward':
      return { elementState: phoneDelete(elementState, actionType === 'deleteBackward'), data };
    default:
      return { elementState: phoneValidate(elementState), data };
  }
};

export const phoneMaskOptions: MaskitoOptions = { mask: PHONE_MASK, preprocessors: [preprocessor] };
