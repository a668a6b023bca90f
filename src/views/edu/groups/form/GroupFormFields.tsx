import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { ASSISTANT_ROLES, GROUP_STATUSES, TEACHER_ROLES, type Clash, type GroupStatus } from '../../../../../contract/groups';
import { TIME_SLOTS, minutesOfDay } from '../../../../../contract/schedule';
import { useCourseOptions, useGroupStaff } from '../../../../api/groups';
import { useRoomList } from '../../../../api/rooms';
import { useT } from '../../../../i18n';
import { formatMoney } from '../../../../lib/money';
import { connectGroupForm, type GroupFormActorRef } from '../../../../machines/groupForm';
import type { GroupDraft } from '../../../../machines/groupForm.draft';
import { DateField } from '../../../../ui/DateField';
import { Field } from '../../../../ui/Field';
import { Select, type SelectOption } from '../../../../ui/Select';
import { firstError } from '../../../common/formErrors';
import { clashText } from '../list/scheduleText';
import { DayChips } from '../../../common/DayChips';

const section = css({ display: 'grid', gap: '3' });
const sectionTitle = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide', mb: '3' });
const pair = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } });
// Times and dates are short: side by side even on a phone.
const twoUp = css({ display: 'grid', gap: '3', gridTemplateColumns: '1fr 1fr' });
const label = css({ display: 'block', fontSize: 'sm', fontWeight: 'medium', mb: '1.5' });
const hint = css({ mt: '1', fontSize: 'xs', color: 'fg.muted' });

/** A lesson usually lasts an hour and a half: the end time offered when the start moves past the old end. */
const DEFAULT_LESSON_MINUTES = 90;

type Props = { actor: GroupFormActorRef; filial: number };

function useFieldError(actor: GroupFormActorRef) {
  const { t } = useT();
  const errors = useSelector(actor, (s) => connectGroupForm(s).errors);
  return (field: string) => firstError(errors[field] ?? [], t);
}

export function MainFields({ actor, filial }: Props) {
  const { t } = useT();
  const draft = useSelector(actor, (s) => connectGroupForm(s).draft);
  const errorOf = useFieldError(actor);
  const courses = useCourseOptions(filial);
  const chosen = courses.data?.find((c) => c.id === draft.course);
  const set = (field: 'name' | 'price' | 'status', value: string) => actor.send({ type: 'field.change', field, value });
  return (
    <fieldset className={section}>
      <legend className={sectionTitle}>{t('groups.form.sections.main')}</legend>
      <Field label={t('groups.form.name')} required name="name" placeholder={t('groups.form.namePlaceholder')} value={draft.name} onChange={(e) => set('name', e.target.value)} error={errorOf('name')} />
      <Select
        label={t('groups.form.course')}
        required
        name="course"
        placeholder={t('groups.form.choose')}
        value={draft.course ?? ''}
        options={(courses.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        onChange={(e) => {
          const course = courses.data?.find((c) => c.id === Number(e.target.value));
          actor.send({ type: 'course.choose', course: course?.id ?? null, price: course?.price, durationMonths: course?.duration_months });
        }}
        error={errorOf('course')}
      />
      <div className={pair}>
        <div>
          <Field label={t('groups.form.price')} name="price" inputMode="decimal" value={draft.price} onChange={(e) => set('price', e.target.value)} error={errorOf('price')} />
          <p className={hint}>{chosen ? t('groups.form.priceHint', { price: formatMoney(chosen.price) }) : t('groups.form.priceEmpty')}</p>
        </div>
        <Select
          label={t('groups.form.status')}
          name="status"
          value={draft.status}
          options={GROUP_STATUSES.map((s) => ({ value: s, label: t(`groups.status.${s}`) }))}
          onChange={(e) => set('status', e.target.value as GroupStatus)}
          error={errorOf('status')}
        />
      </div>
    </fieldset>
  );
}

export function ScheduleFields({ actor }: { actor: GroupFormActorRef }) {
  const { t } = useT();
  const daysLabel = useId();
  const draft = useSelector(actor, (s) => connectGroupForm(s).draft);
  const errorOf = useFieldError(actor);
  const change = (schedule: Partial<GroupDraft>) => actor.send({ type: 'schedule.change', schedule });
  const startOptions = TIME_SLOTS.slice(0, -1).map((s) => ({ value: s, label: s }));
  const endOptions = TIME_SLOTS.filter((s) => !draft.start_time || s > draft.start_time).map((s) => ({ value: s, label: s }));
  const changeStart = (start: string) => {
    const keepsEnd = draft.end_time && start && draft.end_time > start;
    change({ start_time: start, end_time: keepsEnd || !start ? draft.end_time : endAfter(start) });
  };
  return (
    <fieldset className={section}>
      <legend className={sectionTitle}>{t('groups.form.sections.schedule')}</legend>
      <div>
        <span id={daysLabel} className={label}>
          {t('groups.form.days')}
          <span aria-hidden="true" className={css({ color: 'danger.default', ms: '0.5' })}>
            *
          </span>
        </span>
        <DayChips value={draft.days} onChange={(days) => change({ days })} labelId={daysLabel} error={errorOf('days')} />
      </div>
      <div className={twoUp}>
        <Select label={t('groups.form.startTime')} required name="start_time" placeholder="--:--" value={draft.start_time} options={startOptions} onChange={(e) => changeStart(e.target.value)} error={errorOf('start_time')} />
        <Select label={t('groups.form.endTime')} required name="end_time" placeholder="--:--" value={draft.end_time} options={endOptions} onChange={(e) => change({ end_time: e.target.value })} error={errorOf('end_time')} />
      </div>
      <div className={twoUp}>
        <DateField label={t('groups.form.startDate')} required name="start_date" value={draft.start_date} onChange={(day) => change({ start_date: day })} error={errorOf('start_date')} />
        <DateField label={t('groups.form.endDate')} required name="end_date" min={draft.start_date || undefined} value={draft.end_date} onChange={(day) => change({ end_date: day })} error={errorOf('end_date')} />
      </div>
    </fieldset>
  );
}

function endAfter(start: string): string {
  const wanted = minutesOfDay(start) + DEFAULT_LESSON_MINUTES;
  return TIME_SLOTS.find((s) => minutesOfDay(s) >= wanted) ?? TIME_SLOTS[TIME_SLOTS.length - 1];
}

export function PeopleFields({ actor, filial }: Props) {
  const { t, lang } = useT();
  const draft = useSelector(actor, (s) => connectGroupForm(s).draft);
  const availability = useSelector(actor, (s) => connectGroupForm(s).availability);
  const checking = useSelector(actor, (s) => connectGroupForm(s).checking);
  const errorOf = useFieldError(actor);
  const rooms = useRoomList(filial);
  const staff = useGroupStaff(filial);
  const people: { id: number; full_name: string; role: string }[] = availability?.teachers ?? staff.data ?? [];
  const roomList: { id: number; name: string }[] = availability?.rooms ?? rooms.data ?? [];
  const busy = new Map<string, Clash>();
  for (const r of availability?.rooms ?? []) if (r.clash) busy.set(`room:${r.id}`, r.clash);
  for (const p of availability?.teachers ?? []) if (p.clash) busy.set(`person:${p.id}`, p.clash);
  const option = (kind: 'room' | 'person', id: number, name: string): SelectOption => ({
    value: id,
    label: busy.has(`${kind}:${id}`) ? t('groups.form.optionBusy', { name }) : name,
  });
  const byRole = (roles: readonly string[]) => people.filter((p) => roles.includes(p.role)).map((p) => option('person', p.id, p.full_name));
  const set = (field: 'room' | 'teacher' | 'assistant', value: string) => actor.send({ type: 'field.change', field, value: value === '' ? null : Number(value) });
  const verdict = (kind: 'room' | 'person', id: number | null, freeText: string): ReactNode => {
    if (id === null || !availability) return checking && id !== null ? <p className={hint}>{t('groups.assistant.checking')}</p> : null;
    const clash = busy.get(`${kind}:${id}`);
    return (
      <p className={css({ mt: '1', fontSize: 'xs', fontWeight: 'medium', color: clash ? 'danger.default' : 'success.default' })} data-testid={`${kind}-verdict`}>
        {clash ? clashText(clash, t, lang) : `✓ ${freeText}`}
      </p>
    );
  };
  return (
    <fieldset className={section}>
      <legend className={sectionTitle}>{t('groups.form.sections.people')}</legend>
      <div>
        <Select label={t('groups.form.room')} required name="room" placeholder={t('groups.form.choose')} value={draft.room ?? ''} options={withCurrent(roomList.map((r) => option('room', r.id, r.name)), draft.room)} onChange={(e) => set('room', e.target.value)} error={errorOf('room')} />
        {verdict('room', draft.room, t('groups.form.roomFree'))}
      </div>
      <div className={pair}>
        <div>
          <Select label={t('groups.form.teacher')} required name="teacher" placeholder={t('groups.form.choose')} value={draft.teacher ?? ''} options={withCurrent(byRole(TEACHER_ROLES), draft.teacher)} onChange={(e) => set('teacher', e.target.value)} error={errorOf('teacher')} />
          {verdict('person', draft.teacher, t('groups.form.teacherFree'))}
        </div>
        <div>
          <Select label={t('groups.form.assistant')} name="assistant" placeholder={t('groups.form.assistantNone')} value={draft.assistant ?? ''} options={withCurrent(byRole(ASSISTANT_ROLES).filter((o) => o.value !== draft.teacher), draft.assistant)} onChange={(e) => set('assistant', e.target.value)} error={errorOf('assistant')} />
          {draft.assistant !== null ? verdict('person', draft.assistant, t('groups.form.teacherFree')) : null}
        </div>
      </div>
    </fieldset>
  );
}

/** Keeps a chosen id selectable while its list is still loading (editing a group). */
function withCurrent(options: SelectOption[], current: number | null): SelectOption[] {
  if (current === null || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: `#${current}` }];
}
