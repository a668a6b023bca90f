import { useState } from 'react';
import { css } from 'styled-system/css';
import type { Task } from '../../../contract/tasks';
import { ApiError } from '../../api/errors';
import { useTaskPeople, useUpdateTask } from '../../api/tasks';
import { useActors } from '../../app/hooks';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { DateField } from '../../ui/DateField';
import { Select } from '../../ui/Select';
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
  const { toast } = useActors();
  const people = useTaskPeople(task.filial);
  const update = useUpdateTask();
  const initial = slotOf(task.due_at);
  const [day, setDay] = useState(initial.day);
  const [slot, setSlot] = useState(initial.slot);
  const [performer, setPerformer] = useState(String(task.performer.id));
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save() {
    setErrors({});
    const due = dueInstant(day, slot);
    const body = {
      ...(Date.parse(due) !== Date.parse(task.due_at) ? { due_at: due } : {}),
      ...(Number(performer) !== task.performer.id ? { performer: Number(performer) } : {}),
    };
    try {
      if (Object.keys(body).length) await update.mutateAsync({ id: task.id, body });
      toast.send({ type: 'toast.show', severity: 'success', message: 'tasks.detail.saved' });
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, v[0] ?? ''])));
      else setErrors({ form: err instanceof ApiError && err.detail ? err.detail : t('common.errors.unknown') });
    }
  }

  return (
    <form
      className={box}
      noValidate
      data-testid="task-reschedule"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Select
        label={t('tasks.form.performer')}
        value={performer}
        onChange={(e) => setPerformer(e.target.value)}
        options={(people.data ?? [{ id: task.performer.id, full_name: task.performer.full_name }]).map((p) => ({ value: p.id, label: p.full_name }))}
        error={errors.performer}
        name="performer"
      />
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: '1fr 1fr' })}>
        <DateField label={t('tasks.form.dueDate')} value={day} onChange={setDay} error={errors.due_at} name="due_date" />
        <Select label={t('tasks.form.dueTime')} value={slot} onChange={(e) => setSlot(e.target.value)} options={TIME_SLOTS.map((s) => ({ value: s, label: s }))} name="due_time" />
      </div>
      {errors.form ? <p className={css({ color: 'danger.default', fontSize: 'sm' })}>{errors.form}</p> : null}
      <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })}>
        <Button variant="outline" size="sm" onClick={onDone}>
          {t('tasks.actions.close')}
        </Button>
        <Button type="submit" size="sm" disabled={update.isPending} data-testid="task-reschedule-save">
          {t('tasks.actions.save')}
        </Button>
      </div>
    </form>
  );
}
