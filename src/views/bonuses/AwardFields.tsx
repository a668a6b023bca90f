import { css } from 'styled-system/css';
import { BONUS_COINS_MAX, BONUS_REASON_MAX } from '../../../contract/bonuses';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { dialogFooter } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { FormAlert } from '../common/DialogFormParts';
import { QuickReasons } from './QuickReasons';

/** The coins and reason fields both award dialogs share (values as typed; the dialog validates with the contract). */
export function AwardFields({
  coins,
  reason,
  onCoins,
  onReason,
  errors,
}: {
  coins: string;
  reason: string;
  onCoins: (v: string) => void;
  onReason: (v: string) => void;
  errors: { coins?: string | null; reason?: string | null };
}) {
  const { t } = useT();
  return (
    <>
      <Field
        label={t('bonuses.form.coins')}
        required
        name="coins"
        type="number"
        inputMode="numeric"
        min={1}
        max={BONUS_COINS_MAX}
        value={coins}
        onChange={(e) => onCoins(e.target.value)}
        error={errors.coins}
      />
      <div className={css({ display: 'grid', gap: '2' })}>
        <Field
          label={t('bonuses.form.reason')}
          required
          name="reason"
          maxLength={BONUS_REASON_MAX}
          placeholder={t('bonuses.form.reasonPlaceholder')}
          value={reason}
          onChange={(e) => onReason(e.target.value)}
          error={errors.reason}
        />
        <QuickReasons value={reason} onPick={onReason} />
      </div>
    </>
  );
}

/** What the award dialogs read of their money-write actor (useCoinWrite). */
type AwardWrite = {
  submitting: boolean;
  fieldErrors: Record<string, string>;
  message: string | null;
  canRetry: boolean;
  edit: (field?: string) => void;
  retry: () => void;
};

/**
 * Coins, reason and the write's message, wired to the write: typing in a field clears that field's server error,
 * and the form's own error (after a first submit) wins over the server's.
 */
export function AwardInputs({
  write,
  coins,
  reason,
  setCoins,
  setReason,
  errors,
}: {
  write: AwardWrite;
  coins: string;
  reason: string;
  setCoins: (v: string) => void;
  setReason: (v: string) => void;
  errors: { coins?: string; reason?: string };
}) {
  return (
    <>
      <AwardFields
        coins={coins}
        reason={reason}
        onCoins={(v) => {
          write.edit('coins');
          setCoins(v);
        }}
        onReason={(v) => {
          write.edit('reason');
          setReason(v);
        }}
        errors={{ coins: errors.coins ?? write.fieldErrors.coins, reason: errors.reason ?? write.fieldErrors.reason }}
      />
      <FormAlert>{write.message}</FormAlert>
    </>
  );
}

/** Cancel, retry after a failure that may be retried, and submit. */
export function AwardFooter({ write, onClose, disabled = false, testId }: { write: AwardWrite; onClose: () => void; disabled?: boolean; testId: string }) {
  const { t } = useT();
  return (
    <div className={dialogFooter}>
      <Button variant="outline" onClick={onClose}>
        {t('bonuses.form.cancel')}
      </Button>
      {write.canRetry ? (
        <Button variant="outline" onClick={write.retry}>
          {t('bonuses.form.retry')}
        </Button>
      ) : null}
      <Button type="submit" disabled={write.submitting || disabled} data-testid={testId}>
        {write.submitting ? t('bonuses.form.submitting') : t('bonuses.form.submit')}
      </Button>
    </div>
  );
}
