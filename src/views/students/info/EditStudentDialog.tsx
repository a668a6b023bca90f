import { GENDERS, studentUpdateBody, type StudentDetail } from '../../../../contract/students';
import { updateStudent } from '../../../api/studentDetail';
import { useT } from '../../../i18n';
import { Dialog } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { formBody, twoColumns } from '../../../ui/form/FormAlert';
import { FormFooter } from '../../../ui/form/FormFooter';
import { useWrite } from '../../common/useWrite';
import { editBody, editSchema, editValuesOf } from './editStudent';

/** Edits the student's own fields (PUT /students/{id}/); the server's field messages land under the fields. */
export function EditStudentDialog({ student, onClose, onSaved }: { student: StudentDetail; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const write = useWrite((body: ReturnType<typeof editBody>) => updateStudent(student.id, studentUpdateBody.parse(body)), { onDone: onSaved });
  const form = useAppForm({
    defaultValues: editValuesOf(student),
    validators: { onChange: editSchema, onSubmit: editSchema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(editBody(value, student.filial), formApi),
  });
  return (
    <Dialog open onClose={onClose} title={t('student_detail.edit.title')} description={student.full_name} closeLabel={t('common.actions.close')} maxWidth="600px">
      <form noValidate onSubmit={submitWith(form)} data-testid="edit-student-form">
        <div className={formBody}>
          <form.AppField name="full_name">{(f) => <f.TextField label="student_detail.fields.full_name" required />}</form.AppField>
          <div className={twoColumns}>
            <form.AppField name="phone">{(f) => <f.PhoneField label="student_detail.fields.phone" required />}</form.AppField>
            <form.AppField name="extra_phone">{(f) => <f.PhoneField label="student_detail.fields.extra_phone" />}</form.AppField>
          </div>
          <div className={twoColumns}>
            <form.AppField name="parent_phone">{(f) => <f.PhoneField label="student_detail.fields.parent_phone" />}</form.AppField>
            <form.AppField name="birth_date">{(f) => <f.DateField label="student_detail.fields.birth_date" />}</form.AppField>
          </div>
          <form.AppField name="gender">
            {(f) => (
              <f.SelectField
                label="student_detail.fields.gender"
                emptyAs=""
                placeholder={t('student_detail.gender.none')}
                options={GENDERS.map((g) => ({ value: g, label: t(`student_detail.gender.${g}`) }))}
              />
            )}
          </form.AppField>
          <form.AppField name="comment">{(f) => <f.TextareaField label="student_detail.fields.comment" />}</form.AppField>
        </div>
        <FormFooter write={write} onCancel={onClose} submitLabel={t('student_detail.edit.submit')} />
      </form>
    </Dialog>
  );
}
