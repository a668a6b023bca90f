import { Clock, DoorOpen, Pencil, UserRound, Users } from 'lucide-react';
import { css } from 'styled-system/css';
import type { Group } from '../../../../../contract/groups';
import { useT } from '../../../../i18n';
import { rowNumber } from '../../../../lib/params';
import { Button } from '../../../../ui/Button';
import { GroupStatusBadge } from './GroupStatusBadge';
import { daysText, timeRange } from '../../../../lib/scheduleText';

const item = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1.5', cursor: 'pointer', _hover: { borderColor: 'accent.default' } });
const meta = css({ display: 'flex', alignItems: 'center', gap: '1.5', color: 'fg.muted', fontSize: 'sm' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

/** The groups as cards on a phone: name and status, course, teacher, days and time, room, students. */
export function GroupCards({ groups, page, loading, emptyText, onOpen, onEdit }: { groups: readonly Group[] | undefined; page: number; loading: boolean; emptyText: string; onOpen: (g: Group) => void; onEdit?: (g: Group) => void }) {
  const { t } = useT();
  if (!groups || groups.length === 0) return <p className={message}>{!groups && loading ? t('edu.list.loading') : emptyText}</p>;
  return (
    <ul className={css({ display: 'grid', gap: '2' })} aria-label={t('groups.title')} data-testid="groups-cards">
      {groups.map((g, i) => (
        <li key={g.id} className={item} onClick={() => onOpen(g)}>
          <div className={css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '2' })}>
            <div className={css({ minW: '0' })}>
              <a
                href={`/edu/groups?id=${g.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  onOpen(g);
                }}
                className={css({ fontWeight: 'semibold', color: 'fg.default' })}
              >
                <span className={css({ color: 'fg.subtle', fontWeight: 'normal', me: '1.5' })}>{rowNumber(page, i)}.</span>
                {g.name}
              </a>
              <div className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                {g.course.name} · {g.course.level_name}
              </div>
            </div>
            <div className={css({ display: 'flex', alignItems: 'center', gap: '1', flexShrink: 0 })}>
              <GroupStatusBadge status={g.status} />
              {onEdit ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`${t('groups.edit')}: ${g.name}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    onEdit(g);
                  }}
                >
                  <Pencil size={16} aria-hidden="true" />
                </Button>
              ) : null}
            </div>
          </div>
          <div className={meta}>
            <Clock size={14} aria-hidden="true" />
            {daysText(g.days, t)} · {timeRange(g.start_time, g.end_time)}
          </div>
          <div className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '4', rowGap: '1' })}>
            <span className={meta}>
              <UserRound size={14} aria-hidden="true" />
              {g.teacher.full_name}
            </span>
            <span className={meta}>
              <DoorOpen size={14} aria-hidden="true" />
              {g.room.name}
            </span>
            <span className={meta}>
              <Users size={14} aria-hidden="true" />
              {t('groups.studentsCount', { count: g.students_count })}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
