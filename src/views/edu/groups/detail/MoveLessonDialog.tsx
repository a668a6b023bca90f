import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import type { z } from 'zod';
import { lessonPatch, type LessonItem } from '../../../../../contract/lessons';
import { patchLesson } from '../../../../api/groupDetail';
import { useT } from '../../../../i18n';
import { formatDate } from '../../../../lib/dates';
import { submitWith } from '../../../common/FormTextField';
import { applyServerError, FormFooter } from '../../../common/formParts';
import { timeRange } from '../../../../lib/scheduleText';
import { LessonFormDialog, LessonReasonField, LessonSlotFields, useRoomOptions } from './lessonFormParts';

const FIELDS = ['date', 'start_time', 'end_time', 'room', 'reason'];

/** Moves one lesson to another date, time or room (PATCH /lessons/{id}/); a clash answers 409 and is named. */
export function MoveLessonDialog({ lesson, onClose, onDone }: { lesson: LessonItem; onClose: () => void; onDone: () => void }) {
  const { t, lang } = useT();
  const roomOptions = useRoomOptions(lesson.filial, lesson.room);
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
  return (
    <LessonFormDialog
      title={t('group_detail.move.lessonTitle')}
      description={`${formatDate(lesson.date, lang)} · ${timeRange(lesson.start_time, lesson.end_time)} · ${lesson.room.name}`}
      maxWidth="520px"
      testId="move-lesson-form"
      onClose={onClose}
      onSubmit={submitWith(form)}
      alert={alert}
      footer={
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(saving) => <FormFooter onCancel={onClose} saving={saving} submitLabel={t('group_detail.move.lessonSubmit')} />}
        </form.Subscribe>
      }
    >
      <LessonSlotFields form={form} roomOptions={roomOptions} />
      <form.Field name="reason">
        {(field) => <LessonReasonField field={field} label={t('group_detail.fields.reason')} required />}
      </form.Field>
    </LessonFormDialog>
  );
}
