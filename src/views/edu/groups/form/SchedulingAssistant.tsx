import { useSelector } from '@xstate/react';
import { Check, DoorOpen, RefreshCw, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { TEACHER_ROLES, type Availability, type Clash } from '../../../../../contract/groups';
import { useT } from '../../../../i18n';
import { connectGroupForm, type GroupFormActorRef } from '../../../../machines/groupForm';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { clashValues } from '../list/scheduleText';

const panel = css({ bg: 'bg.subtle', borderRadius: 'card', p: '3', display: 'grid', gap: '3', alignContent: 'start' });
const heading = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', fontSize: 'sm', fontWeight: 'semibold' });
const row = css({ display: 'flex', alignItems: 'center', gap: '2', py: '1.5', px: '2', borderRadius: 'control', bg: 'bg.surface', fontSize: 'sm' });
// Busy: set apart by a dashed outline and the muted name, not faded (faded text fell below AA contrast).
const busyRow = css({ bg: 'transparent', color: 'fg.muted', borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.strong' });
const note = css({ color: 'fg.muted', fontSize: 'sm' });

const teacherRoles: ReadonlySet<string> = new Set(TEACHER_ROLES);

/**
 * The scheduling assistant: for the chosen days, times and dates, every room and teacher of the branch, the free
 * ones with a one-click pick and the busy ones greyed with what they are busy with.
 */
export function SchedulingAssistant({ actor }: { actor: GroupFormActorRef }) {
  const { t } = useT();
  const availability = useSelector(actor, (s) => connectGroupForm(s).availability);
  const checking = useSelector(actor, (s) => connectGroupForm(s).checking);
  const failed = useSelector(actor, (s) => connectGroupForm(s).checkFailed);
  const draft = useSelector(actor, (s) => connectGroupForm(s).draft);

  let body: ReactNode;
  if (failed) {
    body = (
      <div className={css({ display: 'grid', gap: '2', justifyItems: 'start' })}>
        <p className={note}>{t('groups.assistant.failed')}</p>
        <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'availability.retry' })}>
          <RefreshCw size={14} aria-hidden="true" />
          {t('groups.assistant.retry')}
        </Button>
      </div>
    );
  } else if (!availability) {
    body = <p className={note}>{checking ? t('groups.assistant.checking') : t('groups.assistant.incomplete')}</p>;
  } else {
    const teachers = availability.teachers.filter((p) => teacherRoles.has(p.role));
    body = (
      <>
        {checking ? <p className={note}>{t('groups.assistant.checking')}</p> : null}
        <Section title={t('groups.assistant.rooms')} icon={<DoorOpen size={16} aria-hidden="true" />} items={availability.rooms} testId="assistant-rooms">
          {(room) => (
            <Choice
              key={room.id}
              name={room.name}
              detail={`${t(`rooms.types.${room.room_type}`)} · ${t('groups.assistant.seats', { count: room.capacity })}`}
              clash={room.clash}
              picked={draft.room === room.id}
              onPick={() => actor.send({ type: 'room.pick', room: room.id })}
            />
          )}
        </Section>
        <Section title={t('groups.assistant.teachers')} icon={<UserRound size={16} aria-hidden="true" />} items={teachers} testId="assistant-teachers">
          {(person) => (
            <Choice
              key={person.id}
              name={person.full_name}
              detail={t(`common.roles.${person.role}`)}
              clash={person.clash}
              picked={draft.teacher === person.id}
              onPick={() => actor.send({ type: 'teacher.pick', teacher: person.id })}
            />
          )}
        </Section>
      </>
    );
  }
  return (
    <aside className={panel} aria-labelledby="scheduling-assistant-title" aria-busy={checking || undefined} data-testid="scheduling-assistant">
      <h3 id="scheduling-assistant-title" className={css({ fontWeight: 'semibold' })}>
        {t('groups.assistant.title')}
      </h3>
      {body}
    </aside>
  );
}

type Item = Availability['rooms'][number] | Availability['teachers'][number];

function Section<T extends Item>({ title, icon, items, testId, children }: { title: string; icon: ReactNode; items: T[]; testId: string; children: (item: T) => ReactNode }) {
  const { t } = useT();
  const free = items.filter((i) => i.free).length;
  // Free ones first, each part in the server's order (by name).
  const ordered = [...items.filter((i) => i.free), ...items.filter((i) => !i.free)];
  return (
    <section className={css({ display: 'grid', gap: '1.5' })} data-testid={testId}>
      <h4 className={heading}>
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
          {icon}
          {title}
        </span>
        <span className={css({ fontWeight: 'normal', color: 'fg.muted' })}>{t('groups.assistant.freeCount', { free, total: items.length })}</span>
      </h4>
      {ordered.length ? <ul className={css({ display: 'grid', gap: '1' })}>{ordered.map(children)}</ul> : <p className={note}>{t('groups.assistant.none')}</p>}
    </section>
  );
}

function Choice({ name, detail, clash, picked, onPick }: { name: string; detail: string; clash?: Clash; picked: boolean; onPick: () => void }) {
  const { t, lang } = useT();
  const busyText = clash ? t(clash.group && !clash.lesson ? 'groups.assistant.busyGroup' : 'groups.assistant.busyLesson', clashValues(clash, t, lang)) : null;
  return (
    <li className={cx(row, clash ? busyRow : undefined)} data-free={!clash} data-name={name}>
      <div className={css({ flex: '1', minW: '0' })}>
        <div className={css({ fontWeight: 'medium', truncate: true })}>{name}</div>
        <div className={css({ color: clash ? 'danger.default' : 'fg.muted', fontSize: 'xs' })}>{busyText ?? detail}</div>
      </div>
      {clash ? null : picked ? (
        <Badge tone="accent">
          <Check size={12} aria-hidden="true" />
          {t('groups.assistant.picked')}
        </Badge>
      ) : (
        <Button size="sm" variant="outline" onClick={onPick} aria-label={`${t('groups.assistant.pick')}: ${name}`}>
          {t('groups.assistant.pick')}
        </Button>
      )}
    </li>
  );
}
