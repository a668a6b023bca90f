import { useState } from 'react';
import { css } from 'styled-system/css';
import type { Task, TaskUpdate } from '../../../contract/tasks';
import { updateTask, useTaskPeople } from '../../api/tasks';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { DateField } from '../../ui/DateField';
import { Select } from '../../ui/Select';
import { useWrite } from '../common/useWrite';
import { dueInstant, TIME_SLOTS } from './taskForm';
import { TIME_ZONE, zonedClock } from '../../../contract/timetracker';

const box = css({ display: 'grid', gap: '3', p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', bg: 'bg.subtle' });

/** The slot at or after an instant's Tashkent clock (a due time off the grid keeps the next slot). */
function slotOf(at: string): { day: string; slot: string } {
  const { day, minutes } = zonedClock(new Date(at), TIME_ZONE);
  const slot = TIME_SLOTS.find((s) => {
    const [h, m] = s.split(':').map(Number) as [number, number];
    return h * 60 + m >= minutes;
  });
  return { day, slot: slot ?? TIME_SLOTS[TIME_SLOTS.length - 1]! };
}

/** An open task's new due time or performer (the creator, the performer or a manager; the server decides). */
export function TaskReschedule({ task, onDone }: { task: Task; onDone: () => void }) {
  const { t } = useT();
  const people = useTaskPeople(task.filial);
  // Nothing changed: nothing is sent, and it is saved all the same.
  const update = useWrite((body: TaskUpdate) => (Object.keys(body).length ? updateTask(task.id, body) : Promise.resolve(task)), {
    success: 'tasks.detail.saved',
    onDone,
  });
  const initial = slotOf(task.due_at);
  const [day, setDay] = useState(initial.day);
  const [slot, setSlot] = useState(initial.slot);
  const [performer, setPerformer] = useState(String(task.performer.id));
  const errors = update.fieldErrors;

  function save() {
    const due = dueInstant(day, slot);
    update.submit({
      ...(Date.parse(due) !== Date.parse(task.due_at) ? { due_at: due } : {}),
      ...(Number(performer) !== task.performer.id ? { performer: Number(performer) } : {}),
    });
  }

  return (
    <form
      className={box}
      noValidate
      data-testid="task-reschedule"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Select
        label={t('tasks.form.performer')}
        value={performer}
        onChange={(e) => (update.edit('performer'), setPerformer(e.target.value))}
        options={(people.data ?? [{ id: task.performer.id, full_name: task.performer.full_name }]).map((p) => ({ value: p.id, label: p.full_name }))}
        error={errors.performer}
        name="performer"
      />
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: '1fr 1fr' })}>
        <DateField label={t('tasks.form.dueDate')} value={day} onChange={(next) => (update.edit('due_at'), setDay(next))} error={errors.due_at} name="due_date" />
        <Select label={t('tasks.form.dueTime')} value={slot} onChange={(e) => (update.edit('due_at'), setSlot(e.target.value))} options={TIME_SLOTS.map((s) => ({ value: s, label: s }))} name="due_time" />
      </div>
      {update.message ? <p className={css({ color: 'danger.default', fontSize: 'sm' })}>{update.message}</p> : null}
      <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })}>
        <Button variant="outline" size="sm" onClick={onDone}>
          {t('tasks.actions.close')}
        </Button>
        <Button type="submit" size="sm" disabled={update.submitting} data-testid="task-reschedule-save">
          {t('tasks.actions.save')}
        </Button>
      </div>
    </form>
  );
}
