// Pieces every money dialog shares, now from the form kit (src/ui/form): the amount field, the comment box, the
// footer that follows the write (saving…, the server's message, a retry with the same key).
import { css } from 'styled-system/css';
import type { Translate } from '../../../i18n';
import { TextArea } from '../../../ui/TextArea';
import type { WriteView } from '../../../ui/form/FormFooter';
import { firstError } from '../formErrors';
import type { ComponentProps } from 'react';

export { AmountField } from '../../../ui/AmountField';
export { FormFooter as WriteFooter, type WriteView } from '../../../ui/form/FormFooter';
export { formBody, twoColumns } from '../../../ui/form/FormAlert';
export const hint = css({ fontSize: 'xs', color: 'fg.muted', mt: '-2' });

type FieldLike = {
  name: string;
  state: { meta: { errors: readonly unknown[]; isTouched: boolean } };
  form: { state: { submissionAttempts: number } };
};

/** The server's message for the field (until it is edited), else the form's once touched or submitted. */
export function fieldError(field: FieldLike, write: WriteView & { fieldErrors: Record<string, string> }, t: Translate, serverName: string = field.name): string | null {
  const server = write.fieldErrors[serverName];
  if (server) return server;
  const shown = field.state.meta.isTouched || field.form.state.submissionAttempts > 0;
  return shown ? firstError(field.state.meta.errors, t) : null;
}

/** A two-line comment box. */
export function CommentField(props: ComponentProps<typeof TextArea>) {
  return <TextArea rows={2} {...props} />;
}
