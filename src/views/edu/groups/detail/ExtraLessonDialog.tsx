import type { z } from 'zod';
import type { Group } from '../../../../../contract/groups';
import { groupExtraLesson } from '../../../../../contract/lessons';
import { addGroupExtraLesson } from '../../../../api/groupDetail';
import { useT } from '../../../../i18n';
import { toIsoDay } from '../../../../lib/dates';
import { submitWith, useAppForm } from '../../../../ui/form';
import { twoColumns } from '../../../../ui/form/FormAlert';
import { FormFooter } from '../../../../ui/form/FormFooter';
import { useWrite } from '../../../common/useWrite';
import { LessonFormDialog, TIME_OPTIONS, useRoomOptions } from './lessonFormParts';

/** Adds an extra lesson for the whole group (POST /lessons/group-extra/); teacher and room default to the group's. */
export function ExtraLessonDialog({ group, onClose, onDone }: { group: Group; onClose: () => void; onDone: () => void }) {
  const { t } = useT();
  const roomOptions = useRoomOptions(group.filial, group.room);
  const write = useWrite(addGroupExtraLesson, { onDone });
  const form = useAppForm({
    defaultValues: {
      group: group.id,
      date: toIsoDay(new Date()),
      start_time: group.start_time.slice(0, 5),
      end_time: group.end_time.slice(0, 5),
      room: group.room.id,
      reason: '',
    } as z.input<typeof groupExtraLesson>,
    validators: { onChange: groupExtraLesson, onSubmit: groupExtraLesson },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(groupExtraLesson.parse(value), formApi),
  });
  return (
    <LessonFormDialog
      title={t('group_detail.extra.title')}
      description={group.name}
      maxWidth="520px"
      testId="extra-lesson-form"
      onClose={onClose}
      onSubmit={submitWith(form)}
      footer={<FormFooter write={write} onCancel={onClose} submitLabel={t('group_detail.extra.submit')} />}
    >
      <form.AppField name="date">{(f) => <f.DateField label="group_detail.fields.date" required />}</form.AppField>
      <div className={twoColumns}>
        <form.AppField name="start_time">{(f) => <f.SelectField label="group_detail.fields.start" required options={TIME_OPTIONS} />}</form.AppField>
        <form.AppField name="end_time">{(f) => <f.SelectField label="group_detail.fields.end" required options={TIME_OPTIONS} />}</form.AppField>
      </div>
      <form.AppField name="room">{(f) => <f.SelectField label="group_detail.fields.room" options={roomOptions} parse={Number} />}</form.AppField>
      <form.AppField name="reason">{(f) => <f.TextareaField label="group_detail.fields.note" maxLength={500} />}</form.AppField>
    </LessonFormDialog>
  );
}
