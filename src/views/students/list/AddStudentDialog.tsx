import { useStore } from '@tanstack/react-form';
import { useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { createStudent, usePhoneCheck, type StudentDuplicate } from '../../../api/students';
import { useT } from '../../../i18n';
import { Dialog } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { formBody } from '../../../ui/form/FormAlert';
import { FormFooter } from '../../../ui/form/FormFooter';
import { SamePhoneWarning } from '../../common/SamePhoneWarning';
import { conflictDuplicates } from '../../common/samePhone';
import { useWrite } from '../../common/useWrite';
import { addStudentSchema, completePhone, duplicatesOf, emptyStudent, GENDERS, toWalkInBody, WALK_IN_STATUSES, type AddStudentValues } from './addStudent';
import { statusText } from './statusText';

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
  // Same-phone records the server refused the save for (for the phone it was asked with), and the user's choice.
  const [conflict, setConflict] = useState<{ phone: string; duplicates: StudentDuplicate[] } | null>(null);
  const confirmed = useRef(false);
  const write = useWrite(createStudent, {
    success: 'students.add.saved',
    onDone,
    messages: { failed: 'students.add.failed', conflict: 'students.add.failed' },
    handle: (error) => {
      const same = conflictDuplicates(error);
      if (same) setConflict({ phone: completePhone(form.state.values.phone) ?? '', duplicates: same });
      return same !== null;
    },
  });
  const form = useAppForm({
    defaultValues: emptyStudent(status),
    validators: { onChange: addStudentSchema, onSubmit: addStudentSchema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit({ ...toWalkInBody(value, filial), confirm_duplicate: confirmed.current || undefined }, formApi),
  });
  const phone = useStore(form.store, (s) => completePhone(s.values.phone));
  const check = usePhoneCheck(phone);
  const duplicates = conflict && conflict.phone === phone ? conflict.duplicates : phone && check.data ? duplicatesOf(check.data) : [];
  const columns = (n: number) => css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: `repeat(${n}, 1fr)` } });

  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="add-student-form">
      <div className={formBody}>
        <form.AppField name="full_name">{(f) => <f.TextField label="students.add.fullName" required autoFocus autoComplete="off" />}</form.AppField>
        <div className={columns(2)}>
          <form.AppField name="phone">{(f) => <f.PhoneField label="students.add.phone" required />}</form.AppField>
          <form.AppField name="parent_phone">{(f) => <f.PhoneField label="students.add.parentPhone" />}</form.AppField>
        </div>
        <SamePhoneWarning
          duplicates={duplicates}
          kind="student"
          saving={write.submitting}
          testId="student-duplicates"
          onSaveAnyway={() => {
            // Only this press confirms: a refused validation must not leave the next plain save confirmed.
            confirmed.current = true;
            void form.handleSubmit().finally(() => (confirmed.current = false));
          }}
        />
        <div className={columns(3)}>
          <form.AppField name="birth_date">{(f) => <f.DateField label="students.add.birthDate" />}</form.AppField>
          <form.AppField name="gender">
            {(f) => (
              <f.SelectField
                label="students.add.gender"
                emptyAs=""
                placeholder={t('students.add.genderNone')}
                options={GENDERS.map((g) => ({ value: g, label: t(`students.gender.${g}`) }))}
              />
            )}
          </form.AppField>
          <form.AppField name="status">
            {(f) => <f.SelectField label="students.add.status" required options={WALK_IN_STATUSES.map((s) => ({ value: s, label: statusText(t, s) }))} />}
          </form.AppField>
        </div>
        <form.AppField name="comment">{(f) => <f.TextareaField label="students.add.comment" rows={3} />}</form.AppField>
      </div>
      <FormFooter write={write} onCancel={onDone} submitLabel={t('students.add.save')} submitTestId="add-student-save" />
    </form>
  );
}
