import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import type { z } from 'zod';
import type { Group } from '../../../../../contract/groups';
import { groupExtraLesson } from '../../../../../contract/lessons';
import { addGroupExtraLesson } from '../../../../api/groupDetail';
import { useT } from '../../../../i18n';
import { toIsoDay } from '../../../../lib/dates';
import { submitWith } from '../../../common/FormTextField';
import { applyServerError, FormFooter } from '../../../common/formParts';
import { LessonFormDialog, LessonReasonField, LessonSlotFields, useRoomOptions } from './lessonFormParts';

const FIELDS = ['date', 'start_time', 'end_time', 'room', 'reason'];

/** Adds an extra lesson for the whole group (POST /lessons/group-extra/); teacher and room default to the group's. */
export function ExtraLessonDialog({ group, onClose, onDone }: { group: Group; onClose: () => void; onDone: () => void }) {
  const { t } = useT();
  const roomOptions = useRoomOptions(group.filial, group.room);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    defaultValues: {
      group: group.id,
      date: toIsoDay(new Date()),
      start_time: group.start_time.slice(0, 5),
      end_time: group.end_time.slice(0, 5),
      room: group.room.id,
      reason: '',
    } as z.input<typeof groupExtraLesson>,
    validators: { onChange: groupExtraLesson, onSubmit: groupExtraLesson },
    onSubmit: async ({ value }) => {
      setAlert(null);
      try {
        await addGroupExtraLesson(groupExtraLesson.parse(value));
        onDone();
      } catch (error) {
        setAlert(applyServerError(form, error, FIELDS, t));
      }
    },
  });
  return (
    <LessonFormDialog
      title={t('group_detail.extra.title')}
      description={group.name}
      maxWidth="520px"
      testId="extra-lesson-form"
      onClose={onClose}
      onSubmit={submitWith(form)}
      alert={alert}
      footer={
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(saving) => <FormFooter onCancel={onClose} saving={saving} submitLabel={t('group_detail.extra.submit')} />}
        </form.Subscribe>
      }
    >
      <LessonSlotFields form={form} roomOptions={roomOptions} />
      <form.Field name="reason">{(field) => <LessonReasonField field={field} label={t('group_detail.fields.note')} />}</form.Field>
    </LessonFormDialog>
  );
}
