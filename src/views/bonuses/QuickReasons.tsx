import { css } from 'styled-system/css';
import { BONUS_QUICK_REASONS } from '../../../contract/bonuses';
import { useT } from '../../i18n';

const chip = css({
  px: '2.5',
  py: '1',
  fontSize: 'xs',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  cursor: 'pointer',
  textAlign: 'start',
  _hover: { bg: 'bg.subtle' },
  '&[aria-pressed=true]': { bg: 'accent.subtle', color: 'accent.fg', borderColor: 'accent.default' },
});

/** Ready reasons under the reason field: a click puts the reason's text (in the interface language) in it. */
export function QuickReasons({ value, onPick }: { value: string; onPick: (text: string) => void }) {
  const { t } = useT();
  return (
    <div role="group" aria-label={t('bonuses.reasons.label')} className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })}>
      {BONUS_QUICK_REASONS.map((key) => {
        const text = t(`bonuses.reasons.${key}`);
        return (
          <button key={key} type="button" className={chip} aria-pressed={value === text} onClick={() => onPick(text)} data-testid={`reason-${key}`}>
            {text}
          </button>
        );
      })}
    </div>
  );
}
