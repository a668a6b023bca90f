// Pieces every money dialog shares: the amount field (typed "1 500 000" or "1500000,50"), the comment box, and
// the footer that follows the financeWrite statechart (saving…, the server's message, a retry with the same key).
import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { css, cx } from 'styled-system/css';
import { useT, type Translate } from '../../../i18n/index';
import { formatAmountInput } from '../../../lib/amountInput';
import { Button } from '../../../ui/Button';
import { dialogFooter } from '../../../ui/Dialog';
import { Field, inputStyle } from '../../../ui/Field';
import { FormAlert } from '../DialogFormParts';
import { firstError } from '../formErrors';

export { formBody } from '../DialogFormParts';
export const twoColumns = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' });
export const hint = css({ fontSize: 'xs', color: 'fg.muted', mt: '-2' });

/** What the form parts read of a useFinanceWrite result (any body type). */
export type WriteView = { fieldErrors: Record<string, string>; message: string | null; submitting: boolean; canRetry: boolean; retry: () => void };

type FieldLike = {
  name: string;
  state: { meta: { errors: readonly unknown[]; isTouched: boolean } };
  form: { state: { submissionAttempts: number } };
};

/** The server's message for the field (until it is edited), else the form's once touched or submitted. */
export function fieldError(field: FieldLike, write: WriteView, t: Translate, serverName: string = field.name): string | null {
  const server = write.fieldErrors[serverName];
  if (server) return server;
  const shown = field.state.meta.isTouched || field.form.state.submissionAttempts > 0;
  return shown ? firstError(field.state.meta.errors, t) : null;
}

type AmountFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string | null;
  required?: boolean;
};

/** A money input: digits, spaces and one comma or dot; grouped as "1 500 000" when the user leaves it. */
export function AmountField({ value, onChange, onBlur, ...rest }: AmountFieldProps) {
  const { t } = useT();
  return (
    <Field
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      placeholder={t('finance.form.amountPlaceholder')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={(e) => {
        const formatted = formatAmountInput(e.target.value);
        if (formatted !== e.target.value) onChange(formatted);
        onBlur?.(e);
      }}
    />
  );
}

export function CommentField({ label, error, required, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | null }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={css({ display: 'block', fontSize: 'sm', fontWeight: 'medium', mb: '1.5' })}>
        {label}
        {required ? (
          <span className={css({ color: 'danger.default', ms: '0.5' })} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <textarea
        id={id}
        rows={2}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        className={cx(inputStyle, css({ h: 'auto', py: '2', resize: 'vertical' }))}
        {...rest}
      />
      {error ? (
        <p role="alert" className={css({ mt: '1', fontSize: 'xs', color: 'danger.default' })}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The message above the buttons (the server's words, or ours by key) and the buttons of the write's state. */
export function WriteFooter({
  write,
  onCancel,
  submitLabel,
  cancelLabel,
  tone = 'solid',
}: {
  write: WriteView;
  onCancel: () => void;
  submitLabel: string;
  /** Instead of "cancel" where the action itself is a cancellation (reversing an entry). */
  cancelLabel?: string;
  tone?: 'solid' | 'danger';
}) {
  const { t } = useT();
  const message = write.message ? (write.message.startsWith('finance.') ? t(write.message) : write.message) : null;
  return (
    <>
      <div className={css({ mt: message ? '4' : '0' })}>
        <FormAlert>{message}</FormAlert>
      </div>
      <div className={dialogFooter}>
        <Button variant="outline" onClick={onCancel} disabled={write.submitting}>
          {cancelLabel ?? t('common.actions.cancel')}
        </Button>
        {write.canRetry ? (
          <Button variant="outline" onClick={write.retry} data-testid="write-retry">
            {t('common.actions.retry')}
          </Button>
        ) : null}
        <Button type="submit" variant={tone} disabled={write.submitting} data-testid="write-submit">
          {write.submitting ? t('finance.form.saving') : submitLabel}
        </Button>
      </div>
    </>
  );
}
