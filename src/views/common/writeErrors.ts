// How a failed write is shown on its form: the pure half of useWrite.
import type { AnyFieldLikeMetaBase } from '@tanstack/react-form';
import { WRITE_MESSAGES } from '../../machines/financeWrite';

/** The part of a TanStack form the write needs: its field names and a way to set a field's server error. */
export type WriteForm = {
  fieldInfo: Record<string, unknown>;
  setFieldMeta: (name: never, updater: (meta: AnyFieldLikeMetaBase) => AnyFieldLikeMetaBase) => void;
};

/** The machine's own words are the plain ones. */
export const PLAIN_MESSAGES: { failed: string; conflict: string } = WRITE_MESSAGES;

/**
 * Puts field messages on the form's fields (server names mapped by `names`); returns those it could not place.
 * Pure apart from the form it is given, so it is tested on its own.
 */
export function placeFieldErrors(form: WriteForm, errors: Record<string, string>, names: Record<string, string> = {}): string[] {
  const rest: string[] = [];
  for (const [server, message] of Object.entries(errors)) {
    const name = names[server] ?? server;
    if (!(name in form.fieldInfo)) {
      rest.push(message);
      continue;
    }
    form.setFieldMeta(name as never, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: message } }));
  }
  return rest;
}

/**
 * The words above the buttons: the machine's own failures (no answer, a refusal without words) in the caller's
 * words (i18n keys, translated here), the server's detail as it came, then the field messages no field took.
 */
export function writeMessage(
  message: string | null,
  unplaced: readonly string[],
  messages: { failed: string; conflict: string },
  t: (key: string) => string,
): string | null {
  const own = message === WRITE_MESSAGES.failed ? t(messages.failed) : message === WRITE_MESSAGES.conflict ? t(messages.conflict) : message;
  const all = [own, ...unplaced].filter(Boolean);
  return all.length ? all.join(' ') : null;
}

