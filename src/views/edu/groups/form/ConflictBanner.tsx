import { useSelector } from '@xstate/react';
import { AlertTriangle } from 'lucide-react';
import { css } from 'styled-system/css';
import { TEACHER_ROLES } from '../../../../../contract/groups';
import { useT } from '../../../../i18n';
import { connectGroupForm, type GroupFormActorRef } from '../../../../machines/groupForm';
import { Button } from '../../../../ui/Button';
import { clashText } from '../list/scheduleText';

const box = css({ display: 'grid', gap: '2', p: '3', borderRadius: 'control', bg: 'danger.subtle', borderWidth: '1px', borderColor: 'danger.default' });

// Brought into view when it appears (a stable ref runs once per mount, not on every render).
const showOnce = (el: HTMLDivElement | null) => el?.scrollIntoView({ block: 'nearest' });

/** The 409's clash, named, with the free rooms (or teachers) of the same slot one click away. */
export function ConflictBanner({ actor }: { actor: GroupFormActorRef }) {
  const { t, lang } = useT();
  const conflict = useSelector(actor, (s) => connectGroupForm(s).conflict);
  const availability = useSelector(actor, (s) => connectGroupForm(s).availability);
  const checking = useSelector(actor, (s) => connectGroupForm(s).checking);
  if (!conflict) return null;
  const freeRooms = conflict.kind === 'room' ? (availability?.rooms.filter((r) => r.free) ?? []) : [];
  const freeTeachers = conflict.kind === 'teacher' ? (availability?.teachers.filter((p) => p.free && (TEACHER_ROLES as readonly string[]).includes(p.role)) ?? []) : [];
  return (
    <div role="alert" className={box} data-testid="group-conflict" ref={showOnce}>
      <p className={css({ display: 'flex', gap: '2', alignItems: 'flex-start', color: 'danger.default', fontWeight: 'semibold' })}>
        <AlertTriangle size={18} aria-hidden="true" className={css({ flexShrink: 0, mt: '0.5' })} />
        <span>
          <span className={css({ display: 'block', fontSize: 'xs', textTransform: 'uppercase', letterSpacing: 'wide' })}>{t('groups.clash.title')}</span>
          <span data-testid="group-conflict-text">{clashText(conflict, t, lang)}</span>
        </span>
      </p>
      <p className={css({ fontSize: 'sm', color: 'fg.default' })}>{checking ? t('groups.assistant.checking') : t('groups.clash.hint')}</p>
      {freeRooms.length || freeTeachers.length ? (
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })} data-testid="conflict-choices">
          {freeRooms.map((room) => (
            <Button key={room.id} size="sm" variant="outline" onClick={() => actor.send({ type: 'room.pick', room: room.id })}>
              {room.name} · {t('groups.assistant.seats', { count: room.capacity })}
            </Button>
          ))}
          {freeTeachers.map((person) => (
            <Button key={person.id} size="sm" variant="outline" onClick={() => actor.send({ type: 'teacher.pick', teacher: person.id })}>
              {person.full_name}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
