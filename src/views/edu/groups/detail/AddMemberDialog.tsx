import { useForm } from '@tanstack/react-form';
import { useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import type { z } from 'zod';
import type { Group } from '../../../../../contract/groups';
import { addToGroup } from '../../../../../contract/membership';
import { STUDENT_PICKER_LIMIT, type StudentBrief } from '../../../../../contract/students';
import { addMember, useBranchStudents } from '../../../../api/groupDetail';
import { useT } from '../../../../i18n';
import { formatPhoneInput } from '../../../../lib/phone';
import { toIsoDay } from '../../../../lib/dates';
import { DateField } from '../../../../ui/DateField';
import { Dialog } from '../../../../ui/Dialog';
import { Field, } from '../../../../ui/Field';
import { submitWith } from '../../../common/FormTextField';
import { useDebounced } from '../../../common/useDebounced';
import { applyServerError, formBody, FormAlert, FormFooter, shownError, twoColumns } from '../../../common/formParts';

const FIELDS = ['student', 'joined_on', 'price'];

const option = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '2',
  w: 'full',
  px: '3',
  py: '2',
  textAlign: 'start',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  '&[aria-selected=true]': { bg: 'accent.subtle', color: 'accent.fg' },
});

/** Adds a student of the branch to the group (POST /add-group/) from a given day, at the group's or an own price. */
export function AddMemberDialog({
  group,
  memberIds,
  onClose,
  onDone,
}: {
  group: Group;
  memberIds: ReadonlySet<number>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useT();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<StudentBrief | null>(null);
  // The server searches (name or phone digits) and leaves out the group's members; a few at a time.
  const q = useDebounced(search.trim());
  const students = useBranchStudents({ filial: group.filial, q, exclude_group: group.id, limit: STUDENT_PICKER_LIMIT.default });
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    defaultValues: { student: undefined, group: group.id, joined_on: toIsoDay(new Date()), price: undefined } as unknown as z.input<
      typeof addToGroup
    >,
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
  // Members who joined since the list was fetched are left out here too.
  const matches = useMemo(() => (students.data ?? []).filter((s) => !memberIds.has(s.id)), [students.data, memberIds]);
  const capped = (students.data?.length ?? 0) >= STUDENT_PICKER_LIMIT.default;

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('group_detail.add.title')}
      description={group.name}
      closeLabel={t('common.actions.close')}
      maxWidth="560px"
    >
      <form noValidate onSubmit={submitWith(form)} data-testid="add-member-form">
        <div className={formBody}>
          <form.Field name="student">
            {(field) => (
              <div>
                <Field
                  label={t('group_detail.add.search')}
                  required
                  type="search"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  placeholder={t('group_detail.add.searchHint')}
                />
                <div
                  role="listbox"
                  aria-label={t('group_detail.add.student')}
                  className={css({
                    mt: '2',
                    maxH: '15rem',
                    overflowY: 'auto',
                    borderWidth: '1px',
                    borderColor: 'border.default',
                    borderRadius: 'control',
                  })}
                >
                  {students.isPending ? (
                    <p className={css({ p: '3', color: 'fg.muted', fontSize: 'sm' })}>{t('edu.list.loading')}</p>
                  ) : null}
                  {students.isError ? (
                    <p className={css({ p: '3', color: 'fg.muted', fontSize: 'sm' })}>{t('group_detail.failedLoad')}</p>
                  ) : null}
                  {students.isSuccess && matches.length === 0 ? (
                    <p className={css({ p: '3', color: 'fg.muted', fontSize: 'sm' })}>{t('edu.list.empty')}</p>
                  ) : null}
                  {matches.map((s) => (
                    <button
                      key={s.id}
                      type="button"
                      role="option"
                      aria-selected={field.state.value === s.id}
                      className={option}
                      onClick={() => {
                        setChosen(s);
                        field.handleChange(s.id);
                      }}
                    >
                      <span>{s.full_name}</span>
                      <span className={css({ color: 'fg.muted' })}>{formatPhoneInput(s.phone)}</span>
                    </button>
                  ))}
                </div>
                {capped ? (
                  <p className={css({ mt: '1', fontSize: 'xs', color: 'fg.muted' })}>
                    {t('group_detail.add.narrow', { count: STUDENT_PICKER_LIMIT.default })}
                  </p>
                ) : null}
                {chosen && field.state.value === chosen.id ? (
                  <p className={css({ mt: '1', fontSize: 'sm' })} data-testid="add-member-chosen">
                    {t('group_detail.add.chosen', { student: chosen.full_name })}
                  </p>
                ) : null}
                {shownError(field, t) ? (
                  <p className={css({ mt: '1', fontSize: 'xs', color: 'danger.default' })}>{shownError(field, t)}</p>
                ) : null}
              </div>
            )}
          </form.Field>
          <div className={twoColumns}>
            <form.Field name="joined_on">
              {(field) => (
                <DateField
                  label={t('group_detail.add.joinedOn')}
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
                  label={t('group_detail.add.price')}
                  inputMode="decimal"
                  placeholder={group.price}
                  value={field.state.value ?? ''}
                  onChange={(e) => field.handleChange(e.target.value.trim() === '' ? undefined : e.target.value.replace(',', '.'))}
                  error={shownError(field, t)}
                />
              )}
            </form.Field>
          </div>
          <p className={css({ fontSize: 'xs', color: 'fg.muted', mt: '-2' })}>{t('group_detail.add.priceHint')}</p>
          <FormAlert>{alert}</FormAlert>
        </div>
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(saving) => <FormFooter onCancel={onClose} saving={saving} submitLabel={t('group_detail.add.submit')} />}
        </form.Subscribe>
      </form>
    </Dialog>
  );
}
