import { css, cx } from 'styled-system/css';
import { LANGS, useT } from '../../i18n';

const group = css({ display: 'inline-flex', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'control', overflow: 'hidden', bg: 'bg.surface' });
const item = css({
  px: '3',
  h: '8',
  fontSize: 'xs',
  fontWeight: 'semibold',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  '&[aria-pressed=true]': { bg: 'accent.subtle', color: 'accent.fg' },
});

/** Uzbek is the default; the choice is remembered on the device. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, lang, setLanguage } = useT();
  return (
    <div className={cx(group, className)} role="group" aria-label={t('common.language.label')}>
      {LANGS.map((l) => (
        <button key={l} type="button" className={item} aria-pressed={lang === l} onClick={() => void setLanguage(l)} title={t(`common.language.${l}`)}>
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
