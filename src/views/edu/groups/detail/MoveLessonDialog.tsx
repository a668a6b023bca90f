import type { z } from 'zod';
import { lessonPatch, type LessonItem } from '../../../../../contract/lessons';
import { patchLesson } from '../../../../api/groupDetail';
import { useT } from '../../../../i18n';
import { formatDate } from '../../../../lib/dates';
import { timeRange } from '../../../../lib/scheduleText';
import { submitWith, useAppForm } from '../../../../ui/form';
import { twoColumns } from '../../../../ui/form/FormAlert';
import { FormFooter } from '../../../../ui/form/FormFooter';
import { useWrite } from '../../../common/useWrite';
import { LessonFormDialog, TIME_OPTIONS, useRoomOptions } from './lessonFormParts';

/** Moves one lesson to another date, time or room (PATCH /lessons/{id}/); a clash answers 409 and is named. */
export function MoveLessonDialog({ lesson, onClose, onDone }: { lesson: LessonItem; onClose: () => void; onDone: () => void }) {
  const { t, lang } = useT();
  const roomOptions = useRoomOptions(lesson.filial, lesson.room);
  const write = useWrite((body: z.output<typeof lessonPatch>) => patchLesson(lesson.id, body), { onDone });
  const form = useAppForm({
    defaultValues: {
      date: lesson.date,
      start_time: lesson.start_time.slice(0, 5),
      end_time: lesson.end_time.slice(0, 5),
      room: lesson.room.id,
      reason: '',
    } as z.input<typeof lessonPatch>,
    validators: { onChange: lessonPatch, onSubmit: lessonPatch },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(lessonPatch.parse(value), formApi),
  });
  return (
    <LessonFormDialog
      title={t('group_detail.move.lessonTitle')}
      description={`${formatDate(lesson.date, lang)} · ${timeRange(lesson.start_time, lesson.end_time)} · ${lesson.room.name}`}
      maxWidth="520px"
      testId="move-lesson-form"
      onClose={onClose}
      onSubmit={submitWith(form)}
      footer={<FormFooter write={write} onCancel={onClose} submitLabel={t('group_detail.move.lessonSubmit')} />}
    >
      <form.AppField name="date">{(f) => <f.DateField label="group_detail.fields.date" required />}</form.AppField>
      <div className={twoColumns}>
        <form.AppField name="start_time">{(f) => <f.SelectField label="group_detail.fields.start" required options={TIME_OPTIONS} />}</form.AppField>
        <form.AppField name="end_time">{(f) => <f.SelectField label="group_detail.fields.end" required options={TIME_OPTIONS} />}</form.AppField>
      </div>
      <form.AppField name="room">{(f) => <f.SelectField label="group_detail.fields.room" options={roomOptions} parse={Number} />}</form.AppField>
      <form.AppField name="reason">{(f) => <f.TextareaField label="group_detail.fields.reason" required maxLength={500} />}</form.AppField>
    </LessonFormDialog>
  );
}
