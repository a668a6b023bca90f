import { TriangleAlert } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { LeadDuplicate } from '../../../contract/leads';
import { useT } from '../../i18n';
import { formatPhone } from '../../lib/phoneText';
import { Button } from '../../ui/Button';

const box = css({ display: 'grid', gap: '2', p: '3', borderRadius: 'control', bg: 'amber.50', color: 'amber.900', fontSize: 'sm', borderWidth: '1px', borderColor: 'amber.300' });

/**
 * Leads and students that already have the phone a new record's form holds, shown before anything is saved: each
 * links to its page (open it instead), and "save anyway" is the explicit choice to add another record (a sibling
 * may share a parent's phone). `kind` names what the form would add.
 */
export function SamePhoneWarning({
  duplicates,
  kind,
  saving,
  onSaveAnyway,
  testId,
}: {
  duplicates: readonly LeadDuplicate[];
  kind: 'lead' | 'student';
  saving: boolean;
  onSaveAnyway: () => void;
  testId: string;
}) {
  const { t } = useT();
  if (duplicates.length === 0) return null;
  return (
    <div role="alert" className={box} data-testid={testId}>
      <p className={css({ display: 'flex', alignItems: 'center', gap: '1.5', fontWeight: 'semibold' })}>
        <TriangleAlert size={16} aria-hidden="true" />
        {t('common.samePhone.title', { count: duplicates.length })}
      </p>
      <ul className={css({ display: 'grid', gap: '1', ps: '6' })}>
        {duplicates.map((d) => (
          <li key={`${d.kind}-${d.id}`} className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', alignItems: 'baseline' })}>
            <Link href={d.link} className={css({ fontWeight: 'medium', textDecoration: 'underline' })} data-testid="same-phone-link">
              {d.full_name}
            </Link>
            <span className={css({ opacity: 0.85, fontVariantNumeric: 'tabular-nums' })}>
              · {t(`common.samePhone.${d.kind}`)} · {formatPhone(d.phone)}
            </span>
          </li>
        ))}
      </ul>
      <p>{t(`common.samePhone.hint.${kind}`)}</p>
      <div>
        <Button size="sm" variant="outline" type="button" disabled={saving} onClick={onSaveAnyway} data-testid="same-phone-save-anyway">
          {t(`common.samePhone.saveAnyway.${kind}`)}
        </Button>
      </div>
    </div>
  );
}
