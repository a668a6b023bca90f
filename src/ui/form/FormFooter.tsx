import { useT } from '../../i18n';
import { Button } from '../Button';
import { dialogFooter } from '../Dialog';
import { FormAlert } from './FormAlert';

/** What the footer reads of a write (views/common/useWrite). */
export type WriteView = { message: string | null; submitting: boolean; canRetry: boolean; retry: () => void };

/** Our own messages are i18n keys; the server's arrive in words (requests carry Accept-Language). */
const OWN_MESSAGE = /^(finance|common)\.(write|form)\.[a-z]+$/;

/** A write's message in words: our own keys translated, the server's words as they came. */
export function messageText(message: string | null, t: (key: string) => string): string | null {
  return message && OWN_MESSAGE.test(message) ? t(message) : message;
}

/** The message above the buttons and the buttons of the write's state: cancel, retry (when it helps), submit. */
export function FormFooter({
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
  const message = messageText(write.message, t);
  return (
    <>
      {message ? (
        <div style={{ marginTop: '1rem' }}>
          <FormAlert>{message}</FormAlert>
        </div>
      ) : null}
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
          {write.submitting ? t('common.form.saving') : submitLabel}
        </Button>
      </div>
    </>
  );
}
