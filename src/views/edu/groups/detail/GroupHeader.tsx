import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { Group, GroupStatus } from '../../../../../contract/groups';
import { useT } from '../../../../i18n';
import { formatDate } from '../../../../lib/dates';
import { formatMoney } from '../../../../lib/money';
import { Badge } from '../../../../ui/Badge';
import { daysText, timeRange } from '../../../../lib/scheduleText';

const STATUS_TONE: Record<GroupStatus, 'info' | 'success' | 'neutral' | 'danger'> = {
  planned: 'info',
  active: 'success',
  finished: 'neutral',
  archived: 'danger',
};

const facts = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
  gap: '3',
  mt: '4',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'card',
  p: '4',
});

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt className={css({ fontSize: 'xs', color: 'fg.muted' })}>{label}</dt>
      <dd className={css({ fontWeight: 'medium', mt: '0.5', overflowWrap: 'anywhere' })}>{children}</dd>
    </div>
  );
}

/** The group's name, status and the facts a colleague asks about first. */
export function GroupHeader({ group, actions }: { group: Group; actions?: ReactNode }) {
  const { t, lang } = useT();
  return (
    <header>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
          <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{group.name}</h1>
          <Badge tone={STATUS_TONE[group.status]}>{t(`group_detail.status.${group.status}`)}</Badge>
          {group.is_secondary ? <Badge tone="accent">{t('group_detail.secondary')}</Badge> : null}
        </div>
        {actions ? <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>{actions}</div> : null}
      </div>
      <dl className={facts}>
        <Fact label={t('group_detail.fields.course')}>
          {group.course.name}
          <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' })}>
            {group.course.subject_name} · {group.course.level_name}
          </span>
        </Fact>
        <Fact label={t('group_detail.fields.teacher')}>
          {group.teacher.full_name}
          {group.assistant ? (
            <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' })}>
              {t('group_detail.fields.assistant')}: {group.assistant.full_name}
            </span>
          ) : null}
        </Fact>
        <Fact label={t('group_detail.fields.schedule')} testId="group-schedule">
          {daysText(group.days, t)} · {timeRange(group.start_time, group.end_time)}
          <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' })}>
            {t('group_detail.fields.room')}: {group.room.name}
          </span>
        </Fact>
        <Fact label={t('group_detail.fields.period')}>
          {formatDate(group.start_date, lang)} – {formatDate(group.end_date, lang)}
          <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' })}>
            {t('group_detail.fields.price')}: {formatMoney(group.price)} ·{' '}
            {t('group_detail.fields.students', { count: group.students_count })}
          </span>
        </Fact>
      </dl>
    </header>
  );
}
