import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { DURATION_MONTHS, LESSONS_PER_MONTH, type Course } from '../../../../../contract/catalogue';
import { createCourse, updateCourse } from '../../../../api/catalogue';
import { useT } from '../../../../i18n';
import { Dialog } from '../../../../ui/Dialog';
import { Field } from '../../../../ui/Field';
import { FormTextField, submitWith } from '../../../common/FormTextField';
import { LevelSelect, SubjectSelect } from '../parts/CatalogueSelects';
import { saveProblem } from '../parts/errorText';
import { shownError } from '../parts/fieldError';
import { FormAlert, FormFooter, formBody } from '../parts/FormParts';
import { useToast } from '../parts/useToast';
import { COURSE_FIELDS, courseFormSchema, courseFormValues, typedAmount, typedCount, type CourseFormValues } from './courseForm';

/** The two whole-number fields side by side, each with its allowed range as the placeholder. */
const COUNT_FIELDS = [
  { name: 'lessons_per_month', label: 'materials.courses.lessonsPerMonth', range: LESSONS_PER_MONTH },
  { name: 'duration_months', label: 'materials.courses.durationMonths', range: DURATION_MONTHS },
] as const;

const pair = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } });

type CourseDialogProps = {
  /** null: closed; 'new': a course for the current branch; a course: edit it. */
  editing: Course | 'new' | null;
  filial: number;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
};

/** Create or edit a course: name, subject, a level of that subject, monthly price, lessons per month, months. */
export function CourseDialog({ editing, filial, onClose, onSaved }: CourseDialogProps) {
  const { t } = useT();
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? t('materials.courses.createTitle') : t('materials.courses.editTitle')}
      closeLabel={t('common.actions.close')}
      maxWidth="560px"
    >
      {editing !== null ? <CourseForm course={editing === 'new' ? null : editing} filial={filial} onClose={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function CourseForm({ course, filial, onClose, onSaved }: { course: Course | null; filial: number; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const { t } = useT();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    defaultValues: courseFormValues(course) as CourseFormValues,
    validators: { onChange: courseFormSchema, onSubmit: courseFormSchema },
    onSubmit: async ({ value }) => {
      setProblem(null);
      const body = courseFormSchema.parse(value);
      try {
        // A course stays in the branch it was created in.
        if (course) await updateCourse(course.id, { ...body, filial: course.filial });
        else await createCourse({ ...body, filial });
        toast('success', course ? 'materials.courses.saved' : 'materials.courses.created', { name: body.name });
        await onSaved();
        onClose();
      } catch (error) {
        setProblem(saveProblem(form, error, COURSE_FIELDS, t));
      }
    },
  });
  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="course-form">
      <div className={formBody}>
        <form.Field name="name">{(field) => <FormTextField field={field} label={t('materials.courses.name')} required autoFocus autoComplete="off" />}</form.Field>
        <div className={pair}>
          <form.Field name="subject" listeners={{ onChange: () => form.setFieldValue('level', null) }}>
            {(field) => (
              <SubjectSelect
                label={t('materials.subject')}
                placeholder={t('materials.chooseSubject')}
                required
                value={field.state.value}
                onChange={(id) => {
                  field.handleChange(id);
                  field.handleBlur();
                }}
                error={shownError(field, t)}
                fallbackLabel={course?.subject_name}
                testId="course-subject"
              />
            )}
          </form.Field>
          <form.Subscribe selector={(s) => s.values.subject}>
            {(subjectId) => (
              <form.Field name="level">
                {(field) => (
                  <LevelSelect
                    subjectId={subjectId}
                    label={t('materials.level')}
                    placeholder={t('materials.chooseLevel')}
                    required
                    value={field.state.value}
                    onChange={(id) => {
                      field.handleChange(id);
                      field.handleBlur();
                    }}
                    error={shownError(field, t)}
                    fallbackLabel={course && subjectId === course.subject ? course.level_name : undefined}
                    testId="course-level"
                  />
                )}
              </form.Field>
            )}
          </form.Subscribe>
        </div>
        <form.Field name="price">
          {(field) => (
            <FormTextField
              field={field}
              format={typedAmount}
              label={t('materials.courses.price')}
              required
              inputMode="decimal"
              placeholder="450000"
              autoComplete="off"
            />
          )}
        </form.Field>
        <div className={pair}>
          {COUNT_FIELDS.map(({ name, label, range }) => (
            <form.Field key={name} name={name}>
              {(field) => (
                <Field
                  label={t(label)}
                  required
                  inputMode="numeric"
                  name={field.name}
                  value={field.state.value ?? ''}
                  onBlur={field.handleBlur}
                  onChange={(e) => field.handleChange(typedCount(e.target.value))}
                  placeholder={`${range.min}–${range.max}`}
                  error={shownError(field, t)}
                />
              )}
            </form.Field>
          ))}
        </div>
        <FormAlert>{problem}</FormAlert>
      </div>
      <form.Subscribe selector={(s) => s.isSubmitting}>{(saving) => <FormFooter onCancel={onClose} saving={saving} />}</form.Subscribe>
    </form>
  );
}
