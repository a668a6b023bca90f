import { TriangleAlert } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { StudentDuplicate } from '../../../api/students';
import { useT } from '../../../i18n';
import { showPhone, studentHref } from './studentColumns';

const box = css({ display: 'grid', gap: '1', p: '3', borderRadius: 'control', bg: 'amber.50', color: 'amber.900', fontSize: 'sm', borderWidth: '1px', borderColor: 'amber.300' });

const hrefOf = (d: StudentDuplicate) => (d.kind === 'student' ? studentHref(d.id) : `/leads/lead_info?id=${d.id}`);

/** Leads and students that already have this phone: a warning, never a block (a sibling may share a phone). */
export function DuplicateWarning({ duplicates, created = false }: { duplicates: readonly StudentDuplicate[]; created?: boolean }) {
  const { t } = useT();
  if (duplicates.length === 0) return null;
  return (
    <div role="status" className={box} data-testid="student-duplicates">
      <div className={css({ display: 'flex', alignItems: 'center', gap: '1.5', fontWeight: 'semibold' })}>
        <TriangleAlert size={16} aria-hidden="true" />
        {created ? t('students.duplicates.afterCreate', { count: duplicates.length }) : t('students.duplicates.title', { count: duplicates.length })}
      </div>
      <ul className={css({ display: 'grid', gap: '0.5', ps: '6' })}>
        {duplicates.map((d) => (
          <li key={`${d.kind}-${d.id}`}>
            <Link href={hrefOf(d)} className={css({ fontWeight: 'medium', textDecoration: 'underline' })}>
              {d.full_name}
            </Link>{' '}
            <span className={css({ opacity: 0.8 })}>
              · {t(`students.duplicates.${d.kind}`)} · {showPhone(d.phone)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
