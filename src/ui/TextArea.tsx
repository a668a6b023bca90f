import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { css, cx } from 'styled-system/css';
import { inputStyle } from './Field';
import { FieldFrame, controlAria, useFieldIds } from './FieldFrame';

const area = css({ h: 'auto', py: '2', resize: 'vertical', lineHeight: '1.5' });

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label?: ReactNode; error?: string | null; required?: boolean };

/** A labelled multi-line input (comments, descriptions, reasons); the same frame as every other field. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, error, required, id, className, rows = 3, ...rest },
  ref,
) {
  const { controlId, errorId } = useFieldIds(id);
  return (
    <FieldFrame controlId={controlId} errorId={errorId} label={label} error={error} required={required} className={className}>
      <textarea ref={ref} id={controlId} rows={rows} {...controlAria(error, errorId, required)} className={cx(inputStyle, area)} {...rest} />
    </FieldFrame>
  );
});
