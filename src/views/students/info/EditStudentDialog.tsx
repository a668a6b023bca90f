import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import { GENDERS, studentUpdateBody, type StudentDetail } from '../../../../contract/students';
import { updateStudent } from '../../../api/studentDetail';
import { useT } from '../../../i18n';
import { DateField } from '../../../ui/DateField';
import { Dialog } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { PhoneField } from '../../../ui/PhoneField';
import { Select } from '../../../ui/Select';
import { submitWith } from '../../common/FormTextField';
import { applyServerError, formBody, FormAlert, FormFooter, shownError, TextArea, twoColumns } from '../../common/formParts';
import { EDIT_FIELDS, editBody, editSchema, editValuesOf, type EditValues } from './editStudent';

/** Edits the student's own fields (PUT /students/{id}/); the server's field messages land under the fields. */
export function EditStudentDialog({ student, onClose, onSaved }: { student: StudentDetail; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    defaultValues: editValuesOf(student),
    validators: { onChange: editSchema, onSubmit: editSchema },
    onSubmit: async ({ value }) => {
      setAlert(null);
      try {
        await updateStudent(student.id, studentUpdateBody.parse(editBody(value, student.filial)));
        onSaved();
      } catch (error) {
        setAlert(applyServerError(form, error, EDIT_FIELDS, t));
      }
    },
  });
  const text = (name: 'full_name', label: string, extra: { required?: boolean } = {}) => (
    <form.Field name={name}>
      {(field) => (
        <Field
          label={label}
          name={name}
          {...extra}
          value={field.state.value}
          onBlur={field.handleBlur}
          onChange={(e) => field.handleChange(e.target.value)}
          error={shownError(field, t)}
        />
      )}
    </form.Field>
  );
  const phone = (name: 'phone' | 'extra_phone' | 'parent_phone', required = false) => (
    <form.Field name={name}>
      {(field) => (
        <PhoneField
          label={t(`student_detail.fields.${name}`)}
          name={name}
          required={required}
          value={field.state.value}
          onBlur={field.handleBlur}
          onValueChange={(v) => field.handleChange(v)}
          error={shownError(field, t)}
        />
      )}
    </form.Field>
  );
  return (
    <Dialog open onClose={onClose} title={t('student_detail.edit.title')} description={student.full_name} closeLabel={t('common.actions.close')} maxWidth="600px">
      <form noValidate onSubmit={submitWith(form)} data-testid="edit-student-form">
        <div className={formBody}>
          {text('full_name', t('student_detail.fields.full_name'), { required: true })}
          <div className={twoColumns}>
            {phone('phone', true)}
            {phone('extra_phone')}
          </div>
          <div className={twoColumns}>
            {phone('parent_phone')}
            <form.Field name="birth_date">
              {(field) => (
                <DateField
                  label={t('student_detail.fields.birth_date')}
                  name="birth_date"
                  value={field.state.value}
                  onBlur={field.handleBlur}
                  onChange={(day) => field.handleChange(day)}
                  error={shownError(field, t)}
                />
              )}
            </form.Field>
          </div>
          <form.Field name="gender">
            {(field) => (
              <Select
                label={t('student_detail.fields.gender')}
                placeholder={t('student_detail.gender.none')}
                options={GENDERS.map((g) => ({ value: g, label: t(`student_detail.gender.${g}`) }))}
                value={field.state.value}
                onChange={(e) => field.handleChange(e.target.value as EditValues['gender'])}
                error={shownError(field, t)}
              />
            )}
          </form.Field>
          <form.Field name="comment">
            {(field) => (
              <TextArea
                label={t('student_detail.fields.comment')}
                value={field.state.value}
                onBlur={field.handleBlur}
                onChange={(e) => field.handleChange(e.target.value)}
                error={shownError(field, t)}
              />
            )}
          </form.Field>
          <FormAlert>{alert}</FormAlert>
        </div>
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(saving) => <FormFooter onCancel={onClose} saving={saving} submitLabel={t('student_detail.edit.submit')} />}
        </form.Subscribe>
      </form>
    </Dialog>
  );
}
