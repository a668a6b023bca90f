import { css } from 'styled-system/css';
import { BONUS_COINS_MAX, BONUS_REASON_MAX } from '../../../contract/bonuses';
import { useT } from '../../i18n';
import { Field } from '../../ui/Field';
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
