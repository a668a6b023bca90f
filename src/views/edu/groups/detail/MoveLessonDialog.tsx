import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import type { z } from 'zod';
import { lessonPatch, type LessonItem } from '../../../../../contract/lessons';
import { patchLesson } from '../../../../api/groupDetail';
import { useRoomList } from '../../../../api/rooms';
import { useT } from '../../../../i18n';
import { formatDate } from '../../../../lib/dates';
import { Dialog } from '../../../../ui/Dialog';
import { Field } from '../../../../ui/Field';
import { Select } from '../../../../ui/Select';
import { submitWith } from '../../../common/FormTextField';
import { applyServerError, formBody, FormAlert, FormFooter, shownError, TextArea, TimeSelect, twoColumns } from './formParts';
import { timeRange } from './format';

const FIELDS = ['date', 'start_time', 'end_time', 'room', 'reason'];

/** Moves one lesson to another date, time or room (PATCH /lessons/{id}/); a clash answers 409 and is named. */
export function MoveLessonDialog({ lesson, onClose, onDone }: { lesson: LessonItem; onClose: () => void; onDone: () => void }) {
  const { t, lang } = useT();
  const rooms = useRoomList(lesson.filial);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    defaultValues: {
      date: lesson.date,
      start_time: lesson.start_time.slice(0, 5),
      end_time: lesson.end_time.slice(0, 5),
      room: lesson.room.id,
      reason: '',
    } as z.input<typeof lessonPatch>,
    validators: { onChange: lessonPatch, onSubmit: lessonPatch },
    onSubmit: async ({ value }) => {
      setAlert(null);
      try {
        await patchLesson(lesson.id, lessonPatch.parse(value));
        onDone();
      } catch (error) {
        setAlert(applyServerError(form, error, FIELDS, t));
      }
    },
  });
  const roomOptions = (rooms.data ?? []).map((r) => ({ value: r.id, label: r.name }));
  if (!roomOptions.some((o) => o.value === lesson.room.id)) roomOptions.unshift({ value: lesson.room.id, label: lesson.room.name });
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('group_detail.move.lessonTitle')}
      description={`${formatDate(lesson.date, lang)} · ${timeRange(lesson.start_time, lesson.end_time)} · ${lesson.room.name}`}
      closeLabel={t('common.actions.close')}
      maxWidth="520px"
    >
      <form noValidate onSubmit={submitWith(form)} data-testid="move-lesson-form">
        <div className={formBody}>
          <form.Field name="date">
            {(field) => (
              <Field
                label={t('group_detail.fields.date')}
                type="date"
                required
                value={field.state.value ?? ''}
                onChange={(e) => field.handleChange(e.target.value)}
                onBlur={field.handleBlur}
                error={shownError(field, t)}
              />
            )}
          </form.Field>
          <div className={twoColumns}>
            <form.Field name="start_time">
              {(field) => (
                <TimeSelect
                  label={t('group_detail.fields.start')}
                  required
                  value={field.state.value ?? ''}
                  onChange={field.handleChange}
                  error={shownError(field, t)}
                />
              )}
            </form.Field>
            <form.Field name="end_time">
              {(field) => (
                <TimeSelect
                  label={t('group_detail.fields.end')}
                  required
                  value={field.state.value ?? ''}
                  onChange={field.handleChange}
                  error={shownError(field, t)}
                />
              )}
            </form.Field>
          </div>
          <form.Field name="room">
            {(field) => (
              <Select
                label={t('group_detail.fields.room')}
                options={roomOptions}
                value={field.state.value ?? ''}
                onChange={(e) => field.handleChange(e.target.value === '' ? undefined : Number(e.target.value))}
                error={shownError(field, t)}
              />
            )}
          </form.Field>
          <form.Field name="reason">
            {(field) => (
              <TextArea
                label={t('group_detail.fields.reason')}
                required
                value={field.state.value}
                onChange={(e) => field.handleChange(e.target.value)}
                onBlur={field.handleBlur}
                error={shownError(field, t)}
                maxLength={500}
              />
            )}
          </form.Field>
          <FormAlert>{alert}</FormAlert>
        </div>
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(saving) => <FormFooter onCancel={onClose} saving={saving} submitLabel={t('group_detail.move.lessonSubmit')} />}
        </form.Subscribe>
      </form>
    </Dialog>
  );
}
