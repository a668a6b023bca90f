import { ArrowRightLeft } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { Membership } from '../../../../contract/membership';
import type { StudentDetail } from '../../../../contract/students';
import { useStudentMemberships } from '../../../api/studentDetail';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { daysText, timeRange } from '../../../lib/scheduleText';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Amount, emptyText, muted } from './parts';
import { splitMemberships } from './studentActions';

const row = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'minmax(0, 2.2fr) minmax(0, 1.6fr) minmax(0, 1fr) minmax(0, 1fr) auto' },
  gap: { base: '1', md: '4' },
  alignItems: 'center',
  px: '4',
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
});
const list = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', overflow: 'hidden' });
const groupLink = css({ fontWeight: 'medium', color: 'fg.default', _hover: { color: 'accent.fg', textDecoration: 'underline' } });
const heading = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted', mb: '2', mt: '5', _first: { mt: '0' } });

/** The student's groups, now and before: dates, teacher, price and the balance in each open one. */
export function GroupsTab({
  student,
  today,
  canMove,
  onMove,
}: {
  student: StudentDetail;
  today: string;
  canMove: boolean;
  onMove: (m: Membership) => void;
}) {
  const { t, lang } = useT();
  const memberships = useStudentMemberships(student.id);
  if (memberships.isPending) return <p className={emptyText}>{t('student_detail.loading')}</p>;
  if (memberships.isError) return <p className={emptyText} role="alert">{t('student_detail.failedLoad')}</p>;
  const { current, past } = splitMemberships(memberships.data, today);
  // The card carries each open membership's balance and teacher (by membership id).
  const open = new Map(student.memberships.map((m) => [m.id, m]));

  const item = (m: Membership) => {
    const card = open.get(m.id);
    return (
      <div key={m.id} className={row} data-testid="membership-row" data-group-id={m.group.id}>
        <div className={css({ minW: '0' })}>
          <Link href={`/edu/groups?id=${m.group.id}`} className={groupLink}>
            {m.group.name}
          </Link>
          {m.group.is_secondary ? (
            <span className={css({ ms: '2' })}>
              <Badge tone="accent">{t('student_detail.groups.secondary')}</Badge>
            </span>
          ) : null}
          <div className={muted}>
            {daysText(m.group.days, t)} · {timeRange(m.group.start_time, m.group.end_time)} · {card?.teacher?.full_name ?? m.group.teacher_name}
          </div>
        </div>
        <div className={css({ fontSize: 'sm' })}>
          {m.left_on
            ? t('student_detail.groups.period', { from: formatDate(m.joined_on, lang), to: formatDate(m.left_on, lang) })
            : t('student_detail.groups.since', { from: formatDate(m.joined_on, lang) })}
          {m.end_reason ? <div className={muted}>{t(`student_detail.groups.end.${m.end_reason}`)}</div> : null}
        </div>
        <div className={css({ fontSize: 'sm' })}>
          <span className={muted}>{t('student_detail.groups.price')}: </span>
          {m.price === null ? t('student_detail.groups.groupPrice') : formatMoney(m.price)}
        </div>
        <div className={css({ fontSize: 'sm' })}>
          {card ? (
            <>
              <span className={muted}>{t('student_detail.groups.balance')}: </span>
              <Amount value={card.balance}>{formatMoney(card.balance)}</Amount>
            </>
          ) : null}
        </div>
        <div className={css({ justifySelf: { base: 'start', md: 'end' } })}>
          {canMove && m.left_on === null && !m.group.is_secondary ? (
            <Button variant="ghost" size="sm" onClick={() => onMove(m)} data-testid="membership-move">
              <ArrowRightLeft size={14} />
              {t('student_detail.groups.move')}
            </Button>
          ) : null}
        </div>
      </div>
    );
  };

  return (
    <div data-testid="groups-tab">
      <h2 className={heading}>{t('student_detail.groups.current')}</h2>
      {current.length ? <div className={list}>{current.map(item)}</div> : <p className={emptyText}>{t('student_detail.groups.noneNow')}</p>}
      {past.length ? (
        <>
          <h2 className={heading}>{t('student_detail.groups.past')}</h2>
          <div className={list}>{past.map(item)}</div>
        </>
      ) : null}
    </div>
  );
}
