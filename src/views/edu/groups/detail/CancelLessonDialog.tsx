import { z } from 'zod';
import { reasonText, type LessonItem } from '../../../../../contract/lessons';
import { patchLesson } from '../../../../api/groupDetail';
import { useT } from '../../../../i18n';
import { formatDate } from '../../../../lib/dates';
import { timeRange } from '../../../../lib/scheduleText';
import { submitWith, useAppForm } from '../../../../ui/form';
import { FormFooter } from '../../../../ui/form/FormFooter';
import { useWrite } from '../../../common/useWrite';
import { LessonFormDialog } from './lessonFormParts';

const schema = z.object({ reason: reasonText });

/** Cancels one lesson with a reason (PATCH /lessons/{id}/ {status: 'cancelled', reason}). */
export function CancelLessonDialog({ lesson, onClose, onDone }: { lesson: LessonItem; onClose: () => void; onDone: () => void }) {
  const { t, lang } = useT();
  const write = useWrite((reason: string) => patchLesson(lesson.id, { status: 'cancelled', reason }), { onDone });
  const form = useAppForm({
    defaultValues: { reason: '' },
    validators: { onChange: schema, onSubmit: schema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(value.reason.trim(), formApi),
  });
  return (
    <LessonFormDialog
      title={t('group_detail.cancel.title')}
      description={`${formatDate(lesson.date, lang)} · ${timeRange(lesson.start_time, lesson.end_time)}`}
      maxWidth="440px"
      testId="cancel-lesson-form"
      onClose={onClose}
      onSubmit={submitWith(form)}
      footer={<FormFooter write={write} onCancel={onClose} submitLabel={t('group_detail.cancel.submit')} tone="danger" />}
    >
      <form.AppField name="reason">{(f) => <f.TextareaField label="group_detail.fields.reason" required maxLength={500} />}</form.AppField>
    </LessonFormDialog>
  );
}
