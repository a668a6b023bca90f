import { useT } from '../../i18n';
import { Button } from '../Button';
import { dialogFooter } from '../Dialog';
import { FormAlert } from './FormAlert';

/** What the footer reads of a write (views/common/useWrite). */
export type WriteView = {
  /** In words (the write translates its own messages; the server's arrive translated). */
  message: string | null;
  submitting: boolean;
  canRetry: boolean;
  retry: () => void;
};

/** The message above the buttons and the buttons of the write's state: cancel, retry (when it helps), submit. */
export function FormFooter({
  write,
  onCancel,
  submitLabel,
  cancelLabel,
  tone = 'solid',
  submitTestId = 'write-submit',
}: {
  write: WriteView;
  onCancel: () => void;
  submitLabel: string;
  /** Instead of "cancel" where the action itself is a cancellation (reversing an entry). */
  cancelLabel?: string;
  tone?: 'solid' | 'danger';
  submitTestId?: string;
}) {
  const { t } = useT();
  return (
    <>
      {write.message ? (
        <div style={{ marginTop: '1rem' }}>
          <FormAlert>{write.message}</FormAlert>
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
        <Button type="submit" variant={tone} disabled={write.submitting} data-testid={submitTestId}>
          {write.submitting ? t('common.form.saving') : submitLabel}
        </Button>
      </div>
    </>
  );
}
