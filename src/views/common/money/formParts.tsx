// Pieces every money dialog shares, now from the form kit (src/ui/form): the amount field, the comment box, the
// footer that follows the write (saving…, the server's message, a retry with the same key).
import { css } from 'styled-system/css';
import { TextArea } from '../../../ui/TextArea';
import type { ComponentProps } from 'react';

export { AmountField } from '../../../ui/AmountField';
export { FormFooter as WriteFooter, type WriteView } from '../../../ui/form/FormFooter';
export { formBody, twoColumns } from '../../../ui/form/FormAlert';
export const hint = css({ fontSize: 'xs', color: 'fg.muted', mt: '-2' });

/** A two-line comment box. */
export function CommentField(props: ComponentProps<typeof TextArea>) {
  return <TextArea rows={2} {...props} />;
}
