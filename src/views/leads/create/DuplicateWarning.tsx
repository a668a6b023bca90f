import { Info } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { LeadDuplicate } from '../../../../contract/leads';
import { useT } from '../../../i18n';
import { formatPhone } from '../../../lib/phoneText';
import { duplicateHref } from '../list/leadText';

/** The same-phone leads and students POST /lid/ answered with: a calm note, never a refusal. */
export function DuplicateWarning({ duplicates }: { duplicates: readonly LeadDuplicate[] }) {
  const { t } = useT();
  return (
    <div role="status" data-testid="lead-duplicates" className={css({ display: 'grid', gap: '2', p: '3', borderRadius: 'control', bg: 'info.subtle', color: 'fg.default', fontSize: 'sm' })}>
      <p className={css({ display: 'flex', gap: '2', fontWeight: 'medium', color: 'info.default' })}>
        <Info size={18} aria-hidden="true" className={css({ flexShrink: 0 })} />
        {t('leads.duplicates.title')}
      </p>
      <p className={css({ color: 'fg.muted' })}>{t('leads.duplicates.hint')}</p>
      <ul className={css({ display: 'grid', gap: '1', ps: '7' })}>
        {duplicates.map((d) => (
          <li key={`${d.kind}-${d.id}`} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline' })}>
            <Link href={duplicateHref(d)} className={css({ color: 'accent.fg', fontWeight: 'medium', _hover: { textDecoration: 'underline' } })}>
              {d.full_name}
            </Link>
            <span className={css({ color: 'fg.muted', fontVariantNumeric: 'tabular-nums' })}>
              {formatPhone(d.phone)} · {t(`leads.duplicates.${d.kind}`)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
