import { BookOpen, Megaphone, Phone, UserRound } from 'lucide-react';
import { css } from 'styled-system/css';
import type { Lead } from '../../../../contract/leads';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { rowNumber } from '../../../lib/params';
import { formatPhone } from '../../../lib/phoneText';
import { LeadStageBadge } from './LeadStageBadge';
import { leadHref } from './LeadsTable';
import { subjectLevel } from './leadText';

const item = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1.5', cursor: 'pointer', _hover: { borderColor: 'accent.default' } });
const meta = css({ display: 'flex', alignItems: 'center', gap: '1.5', color: 'fg.muted', fontSize: 'sm', minW: '0' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

/** The leads as cards on a phone: name and stage, phone, subject, source and operator, created. */
export function LeadCards({ leads, page, loading, emptyText, onOpen }: { leads: readonly Lead[] | undefined; page: number; loading: boolean; emptyText: string; onOpen: (l: Lead) => void }) {
  const { t, lang } = useT();
  if (!leads || leads.length === 0) return <p className={message}>{!leads && loading ? t('common.loading') : emptyText}</p>;
  return (
    <ul className={css({ display: 'grid', gap: '2' })} aria-label={t('leads.title')} data-testid="leads-cards">
      {leads.map((l, i) => (
        <li key={l.id} className={item} onClick={() => onOpen(l)} data-row-id={l.id}>
          <div className={css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '2' })}>
            <a
              href={leadHref(l)}
              onClick={(e) => {
                e.preventDefault();
                e.stopPropagation();
                onOpen(l);
              }}
              className={css({ fontWeight: 'semibold', color: 'fg.default', minW: '0' })}
            >
              <span className={css({ color: 'fg.subtle', fontWeight: 'normal', me: '1.5' })}>{rowNumber(page, i)}.</span>
              {l.full_name}
            </a>
            <LeadStageBadge stage={l.stage} archived={l.is_archived} />
          </div>
          <div className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '4', rowGap: '1' })}>
            <span className={meta}>
              <Phone size={14} aria-hidden="true" />
              <span className={css({ fontVariantNumeric: 'tabular-nums' })}>{formatPhone(l.phone)}</span>
            </span>
            {subjectLevel(l) ? (
              <span className={meta}>
                <BookOpen size={14} aria-hidden="true" />
                {subjectLevel(l)}
              </span>
            ) : null}
            {l.source ? (
              <span className={meta}>
                <Megaphone size={14} aria-hidden="true" />
                {l.source.name}
              </span>
            ) : null}
            {l.operator ? (
              <span className={meta}>
                <UserRound size={14} aria-hidden="true" />
                {l.operator.full_name}
              </span>
            ) : null}
          </div>
          <div className={css({ fontSize: 'xs', color: 'fg.subtle', fontVariantNumeric: 'tabular-nums' })}>{formatDateTime(l.created_at, lang)}</div>
        </li>
      ))}
    </ul>
  );
}
