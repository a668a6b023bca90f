import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import { z } from 'zod';
import { reasonText, type LessonItem } from '../../../../../contract/lessons';
import { patchLesson } from '../../../../api/groupDetail';
import { useT } from '../../../../i18n';
import { formatDate } from '../../../../lib/dates';
import { submitWith } from '../../../common/FormTextField';
import { applyServerError, FormFooter } from '../../../common/formParts';
import { timeRange } from '../../../../lib/scheduleText';
import { LessonFormDialog, LessonReasonField } from './lessonFormParts';

const schema = z.object({ reason: reasonText });

/** Cancels one lesson with a reason (PATCH /lessons/{id}/ {status: 'cancelled', reason}). */
export function CancelLessonDialog({ lesson, onClose, onDone }: { lesson: LessonItem; onClose: () => void; onDone: () => void }) {
  const { t, lang } = useT();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    defaultValues: { reason: '' },
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: async ({ value }) => {
      setAlert(null);
      try {
        await patchLesson(lesson.id, { status: 'cancelled', reason: value.reason.trim() });
        onDone();
      } catch (error) {
        setAlert(applyServerError(form, error, ['reason'], t));
      }
    },
  });
  return (
    <LessonFormDialog
      title={t('group_detail.cancel.title')}
      description={`${formatDate(lesson.date, lang)} · ${timeRange(lesson.start_time, lesson.end_time)}`}
      maxWidth="440px"
      testId="cancel-lesson-form"
      onClose={onClose}
      onSubmit={submitWith(form)}
      alert={alert}
      footer={
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(saving) => <FormFooter onCancel={onClose} saving={saving} submitLabel={t('group_detail.cancel.submit')} tone="danger" />}
        </form.Subscribe>
      }
    >
      <form.Field name="reason">
        {(field) => <LessonReasonField field={field} label={t('group_detail.fields.reason')} required />}
      </form.Field>
    </LessonFormDialog>
  );
}
