import { DURATION_MONTHS, LESSONS_PER_MONTH, type Course } from '../../../../../contract/catalogue';
import { createCourse, updateCourse } from '../../../../api/catalogue';
import { useT } from '../../../../i18n';
import { submitWith, useAppForm } from '../../../../ui/form';
import { fieldErrorOf } from '../../../../ui/form/fieldError';
import { formBody, twoColumns } from '../../../../ui/form/FormAlert';
import { FormFooter } from '../../../../ui/form/FormFooter';
import { useWrite } from '../../../common/useWrite';
import { LevelSelect, SubjectSelect } from '../parts/CatalogueSelects';
import { EditDialog, type EditDialogProps } from '../parts/EditDialog';
import { useToast } from '../parts/useToast';
import { courseFormSchema, courseFormValues, typedAmount, typedCount, type CourseFormValues } from './courseForm';

/** The two whole-number fields side by side, each with its allowed range as the placeholder. */
const COUNT_FIELDS = [
  { name: 'lessons_per_month', label: 'materials.courses.lessonsPerMonth', range: LESSONS_PER_MONTH },
  { name: 'duration_months', label: 'materials.courses.durationMonths', range: DURATION_MONTHS },
] as const;

/** 'new': a course for the current branch (`filial`). */
type CourseDialogProps = EditDialogProps<Course> & { filial: number };

/** Create or edit a course: name, subject, a level of that subject, monthly price, lessons per month, months. */
export function CourseDialog({ editing, filial, onClose, onSaved }: CourseDialogProps) {
  return (
    <EditDialog editing={editing} titles={{ create: 'materials.courses.createTitle', edit: 'materials.courses.editTitle' }} maxWidth="560px" onClose={onClose}>
      {(course) => <CourseForm course={course} filial={filial} onClose={onClose} onSaved={onSaved} />}
    </EditDialog>
  );
}

function CourseForm({ course, filial, onClose, onSaved }: { course: Course | null; filial: number; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const { t } = useT();
  const toast = useToast();
  const write = useWrite(
    async (body: ReturnType<typeof courseFormSchema.parse>) => {
      // A course stays in the branch it was created in.
      if (course) await updateCourse(course.id, { ...body, filial: course.filial });
      else await createCourse({ ...body, filial });
      toast('success', course ? 'materials.courses.saved' : 'materials.courses.created', { name: body.name });
      await onSaved();
    },
    { onDone: onClose },
  );
  const form = useAppForm({
    defaultValues: courseFormValues(course) as CourseFormValues,
    validators: { onChange: courseFormSchema, onSubmit: courseFormSchema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(courseFormSchema.parse(value), formApi),
  });
  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="course-form">
      <div className={formBody}>
        <form.AppField name="name">{(f) => <f.TextField label="materials.courses.name" required autoFocus autoComplete="off" />}</form.AppField>
        <div className={twoColumns}>
          <form.AppField name="subject" listeners={{ onChange: () => form.setFieldValue('level', null) }}>
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
                error={fieldErrorOf(field, t)}
                fallbackLabel={course?.subject_name}
                testId="course-subject"
              />
            )}
          </form.AppField>
          <form.Subscribe selector={(s) => s.values.subject}>
            {(subjectId) => (
              <form.AppField name="level">
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
                    error={fieldErrorOf(field, t)}
                    fallbackLabel={course && subjectId === course.subject ? course.level_name : undefined}
                    testId="course-level"
                  />
                )}
              </form.AppField>
            )}
          </form.Subscribe>
        </div>
        <form.AppField name="price">
          {(f) => <f.TextField label="materials.courses.price" required format={typedAmount} inputMode="decimal" placeholder="450000" autoComplete="off" />}
        </form.AppField>
        <div className={twoColumns}>
          {COUNT_FIELDS.map(({ name, label, range }) => (
            <form.AppField key={name} name={name}>
              {(f) => <f.TextField label={label} required inputMode="numeric" format={typedCount} placeholder={`${range.min}–${range.max}`} />}
            </form.AppField>
          ))}
        </div>
      </div>
      <FormFooter write={write} onCancel={onClose} submitLabel={t('common.actions.save')} />
    </form>
  );
}
