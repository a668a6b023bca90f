import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { z } from 'zod';
import { addToGroup } from '../../../../contract/membership';
import { addMember, usePickableGroups } from '../../../api/groupDetail';
import { useT } from '../../../i18n';
import { daysText, timeRange } from '../../../lib/scheduleText';
import { DateField } from '../../../ui/DateField';
import { Dialog } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { Select } from '../../../ui/Select';
import { submitWith } from '../../common/FormTextField';
import { applyServerError, formBody, FormAlert, FormFooter, shownError, twoColumns } from '../../common/formParts';

const FIELDS = ['group', 'joined_on', 'price'];

/** Puts the student into a running group of their branch (POST /add-group/) from a day, at the group's or an own price. */
export function AddToGroupDialog({
  student,
  currentGroups,
  today,
  onClose,
  onDone,
}: {
  student: { id: number; full_name: string; filial: number };
  currentGroups: ReadonlySet<number>;
  today: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useT();
  const groups = usePickableGroups(student.filial);
  const choices = (groups.data ?? []).filter((g) => !currentGroups.has(g.id));
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    defaultValues: { student: student.id, group: undefined, joined_on: today, price: undefined } as unknown as z.input<typeof addToGroup>,
    validators: { onChange: addToGroup, onSubmit: addToGroup },
    onSubmit: async ({ value }) => {
      setAlert(null);
      try {
        await addMember(addToGroup.parse({ ...value, price: value.price === '' ? undefined : value.price }));
        onDone();
      } catch (error) {
        setAlert(applyServerError(form, error, FIELDS, t));
      }
    },
  });
  return (
    <Dialog open onClose={onClose} title={t('student_detail.addGroup.title')} description={student.full_name} closeLabel={t('common.actions.close')} maxWidth="560px">
      <form noValidate onSubmit={submitWith(form)} data-testid="add-group-form">
        <div className={formBody}>
          <form.Field name="group">
            {(field) => (
              <Select
                label={t('student_detail.addGroup.group')}
                required
                placeholder={groups.isPending ? t('student_detail.loading') : t('student_detail.addGroup.choose')}
                options={choices.map((g) => ({
                  value: g.id,
                  label: `${g.name} · ${daysText(g.days, t)} ${timeRange(g.start_time, g.end_time)} · ${g.teacher.full_name}`,
                }))}
                value={(field.state.value as number | undefined) ?? ''}
                onChange={(e) => field.handleChange(e.target.value === '' ? (undefined as never) : Number(e.target.value))}
                error={shownError(field, t)}
              />
            )}
          </form.Field>
          {groups.isSuccess && choices.length === 0 ? (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('student_detail.addGroup.none')}</p>
          ) : null}
          <div className={twoColumns}>
            <form.Field name="joined_on">
              {(field) => (
                <DateField
                  label={t('student_detail.addGroup.joinedOn')}
                  name="joined_on"
                  value={field.state.value ?? ''}
                  onChange={(day) => field.handleChange(day || undefined)}
                  error={shownError(field, t)}
                />
              )}
            </form.Field>
            <form.Field name="price">
              {(field) => (
                <Field
                  label={t('student_detail.addGroup.price')}
                  inputMode="decimal"
                  value={(field.state.value as string | undefined) ?? ''}
                  onChange={(e) => field.handleChange(e.target.value.trim() === '' ? undefined : e.target.value.replace(',', '.'))}
                  error={shownError(field, t)}
                />
              )}
            </form.Field>
          </div>
          <p className={css({ fontSize: 'xs', color: 'fg.muted', mt: '-2' })}>{t('student_detail.addGroup.priceHint')}</p>
          <FormAlert>{alert}</FormAlert>
        </div>
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(saving) => <FormFooter onCancel={onClose} saving={saving} submitLabel={t('student_detail.addGroup.submit')} />}
        </form.Subscribe>
      </form>
    </Dialog>
  );
}
