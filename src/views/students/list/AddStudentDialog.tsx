import { useForm, useStore } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { ApiError } from '../../../api/errors';
import { createStudent, usePhoneCheck, type StudentDuplicate } from '../../../api/students';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { DateField } from '../../../ui/DateField';
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { PhoneField } from '../../../ui/PhoneField';
import { Select } from '../../../ui/Select';
import { FormAlert, formBody } from '../../common/DialogFormParts';
import { submitWith } from '../../common/FormTextField';
import { firstError } from '../../common/formErrors';
import { FormTextArea } from '../../common/FormTextArea';
import { ADD_STUDENT_FIELDS, addStudentSchema, completePhone, duplicatesOf, emptyStudent, GENDERS, toWalkInBody, WALK_IN_STATUSES, type AddStudentValues } from './addStudent';
import { SamePhoneWarning } from '../../common/SamePhoneWarning';
import { conflictDuplicates } from '../../common/samePhone';
import { statusText } from './statusText';

type FieldName = (typeof ADD_STUDENT_FIELDS)[number];

/**
 * "Add student": a walk-in student of the current branch. Mounted only while open. Leads or students that already
 * have the phone are shown before saving, with links; the student is added over them only on "add anyway".
 */
export function AddStudentDialog({ filial, status, onClose }: { filial: number; status: AddStudentValues['status']; onClose: () => void }) {
  const { t } = useT();
  return (
    <Dialog open onClose={onClose} title={t('students.add.title')} description={t('students.add.description')} closeLabel={t('common.actions.close')} maxWidth="560px">
      <AddStudentForm filial={filial} status={status} onDone={onClose} />
    </Dialog>
  );
}

function AddStudentForm({ filial, status, onDone }: { filial: number; status: AddStudentValues['status']; onDone: () => void }) {
  const { t } = useT();
  const { toast } = useActors();
  // The server's messages under their fields until that field changes; the rest above the buttons.
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [alert, setAlert] = useState<string | null>(null);
  // Same-phone records the server refused the save for (for the phone it was asked with), and the user's choice.
  const [conflict, setConflict] = useState<{ phone: string; duplicates: StudentDuplicate[] } | null>(null);
  const confirmed = useRef(false);
  const save = useMutation({
    mutationFn: ({ values, confirm }: { values: AddStudentValues; confirm: boolean }) =>
      createStudent({ ...toWalkInBody(values, filial), confirm_duplicate: confirm || undefined }),
    onSuccess: () => {
      toast.send({ type: 'toast.show', severity: 'success', message: 'students.add.saved' });
      onDone();
    },
    onError: (error, { values }) => {
      const same = conflictDuplicates(error);
      if (same) {
        setConflict({ phone: completePhone(values.phone) ?? '', duplicates: same });
        return;
      }
      if (error instanceof ApiError && error.status === 400 && (error.fields || error.detail)) {
        const fields = error.fields ?? {};
        setServerErrors(fields);
        const rest = Object.entries(fields)
          .filter(([key]) => !(ADD_STUDENT_FIELDS as readonly string[]).includes(key))
          .flatMap(([, messages]) => messages);
        setAlert([error.detail, ...rest].filter(Boolean).join(' ') || null);
      } else {
        toast.send({ type: 'toast.show', severity: 'error', message: 'students.add.failed' });
      }
    },
  });
  const form = useForm({
    defaultValues: emptyStudent(status),
    validators: { onChange: addStudentSchema, onSubmit: addStudentSchema },
    onSubmit: ({ value }) => {
      setAlert(null);
      save.mutate({ values: value, confirm: confirmed.current });
    },
  });
  const phone = useStore(form.store, (s) => completePhone(s.values.phone));
  const check = usePhoneCheck(phone);
  const duplicates = conflict && conflict.phone === phone ? conflict.duplicates : phone && check.data ? duplicatesOf(check.data) : [];
  const shown = (meta: { isTouched: boolean; errors: readonly unknown[] }, name: FieldName) =>
    firstError(serverErrors[name] ?? [], t) ?? (meta.isTouched || form.state.submissionAttempts > 0 ? firstError(meta.errors, t) : null);
  const forget = (name: FieldName) => setServerErrors(({ [name]: _, ...rest }) => rest);

  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="add-student-form">
      <div className={formBody}>
        <form.Field name="full_name">
          {(field) => (
            <Field
              label={t('students.add.fullName')}
              required
              autoFocus
              name="full_name"
              autoComplete="off"
              value={field.state.value}
              onBlur={field.handleBlur}
              onChange={(e) => {
                forget('full_name');
                field.handleChange(e.target.value);
              }}
              error={shown(field.state.meta, 'full_name')}
            />
          )}
        </form.Field>
        <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } })}>
          {(['phone', 'parent_phone'] as const).map((name) => (
            <form.Field key={name} name={name}>
              {(field) => (
                <PhoneField
                  label={t(name === 'phone' ? 'students.add.phone' : 'students.add.parentPhone')}
                  required={name === 'phone'}
                  name={name}
                  value={field.state.value}
                  onBlur={field.handleBlur}
                  onValueChange={(v) => {
                    forget(name);
                    field.handleChange(v);
                  }}
                  error={shown(field.state.meta, name)}
                />
              )}
            </form.Field>
          ))}
        </div>
        <SamePhoneWarning
          duplicates={duplicates}
          kind="student"
          saving={save.isPending}
          testId="student-duplicates"
          onSaveAnyway={() => {
            // Only this press confirms: a refused validation must not leave the next plain save confirmed.
            confirmed.current = true;
            void form.handleSubmit().finally(() => (confirmed.current = false));
          }}
        />
        <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr 1fr' } })}>
          <form.Field name="birth_date">
            {(field) => (
              <DateField
                label={t('students.add.birthDate')}
                name="birth_date"
                value={field.state.value}
                onBlur={field.handleBlur}
                onChange={(day) => {
                  forget('birth_date');
                  field.handleChange(day);
                }}
                error={shown(field.state.meta, 'birth_date')}
              />
            )}
          </form.Field>
          <form.Field name="gender">
            {(field) => (
              <Select
                label={t('students.add.gender')}
                name="gender"
                placeholder={t('students.add.genderNone')}
                value={field.state.value}
                options={GENDERS.map((g) => ({ value: g, label: t(`students.gender.${g}`) }))}
                onChange={(e) => {
                  forget('gender');
                  field.handleChange(e.target.value as AddStudentValues['gender']);
                }}
                error={shown(field.state.meta, 'gender')}
              />
            )}
          </form.Field>
          <form.Field name="status">
            {(field) => (
              <Select
                label={t('students.add.status')}
                required
                name="status"
                value={field.state.value}
                options={WALK_IN_STATUSES.map((s) => ({ value: s, label: statusText(t, s) }))}
                onChange={(e) => {
                  forget('status');
                  field.handleChange(e.target.value as AddStudentValues['status']);
                }}
                error={shown(field.state.meta, 'status')}
              />
            )}
          </form.Field>
        </div>
        <form.Field name="comment">{(field) => <FormTextArea field={field} label={t('students.add.comment')} rows={3} />}</form.Field>
        {serverErrors.comment?.[0] ? <p className={css({ color: 'danger.default', fontSize: 'xs' })}>{firstError(serverErrors.comment, t)}</p> : null}
      </div>
      <FormAlert>{alert}</FormAlert>
      <div className={dialogFooter}>
        <Button variant="outline" onClick={onDone}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="add-student-save">
          {save.isPending ? t('students.add.saving') : t('students.add.save')}
        </Button>
      </div>
    </form>
  );
}
