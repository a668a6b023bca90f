import { useForm, useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { PAYMENT_METHODS, type Cashier, type FinanceAction } from '../../../../contract/finance';
import type { StudentBrief } from '../../../../contract/students';
import { createEntry, useKinds } from '../../../api/finance';
import { useBranchStudents } from '../../../api/groupDetail';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { formatMoney } from '../../../lib/money';
import { formatPhoneInput } from '../../../lib/phone';
import { Dialog } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { Select } from '../../../ui/Select';
import { submitWith } from '../../common/FormTextField';
import { useDebounced } from '../../common/useDebounced';
import { kindName, methodLabel } from '../../common/money/financeText';
import { AmountField, CommentField, fieldError, formBody, hint, twoColumns, WriteFooter } from '../../common/money/formParts';
import { PaymentGroupField } from '../../common/money/PaymentGroupField';
import { useFinanceWrite } from '../../common/useWrite';
import { emptyEntry, entryFormSchema, toEntryBody, type EntryFormValues, type EntryMode } from './entryForm';

/** How many students the picker lists at once; a longer search narrows it. */
const PICK = 20;

const modeButton = css({
  flex: '1',
  px: '3',
  py: '2',
  fontSize: 'sm',
  fontWeight: 'medium',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  cursor: 'pointer',
  _first: { borderStartRadius: 'control' },
  _last: { borderEndRadius: 'control', borderStartWidth: '0' },
  '&[aria-pressed=true]': { bg: 'accent.subtle', color: 'accent.fg', borderColor: 'accent.default' },
});
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

/**
 * "Kirim" (income) or "Chiqim" (expense) into one cashier. Income opens as a student payment (student, one of
 * their groups or the automatic split, method, amount); either action can book an entry of one of the centre's
 * kinds instead.
 */
export function EntryDialog({ cashier, action, onClose }: { cashier: Cashier; action: FinanceAction; onClose: () => void }) {
  const { t } = useT();
  const { toast } = useActors();
  const write = useFinanceWrite(createEntry, () => {
    toast.send({ type: 'toast.show', severity: 'success', message: `cashiers.entry.saved.${action}` });
    onClose();
  });
  const form = useForm({
    defaultValues: emptyEntry(action),
    validators: { onChange: entryFormSchema, onSubmit: entryFormSchema },
    onSubmit: ({ value }) => write.submit(toEntryBody(value, cashier.id, action)),
  });
  const mode = useStore(form.store, (s) => s.values.mode);
  const kinds = useKinds(action);
  const ownKinds = (kinds.data ?? []).filter((k) => k.system_key === null);
  const change = <K extends keyof EntryFormValues>(name: K, handle: (v: EntryFormValues[K]) => void) => (value: EntryFormValues[K]) => {
    write.edit(name);
    handle(value);
  };

  return (
    <Dialog open onClose={onClose} title={t(`cashiers.entry.title.${action}`)} description={cashier.name} closeLabel={t('common.actions.close')} maxWidth="560px">
      <form noValidate onSubmit={submitWith(form)} data-testid={`entry-form-${action}`}>
        <div className={formBody}>
          <div role="group" aria-label={t('cashiers.entry.mode')} className={css({ display: 'flex' })}>
            {(['student', 'other'] as EntryMode[]).map((m) => (
              <button
                key={m}
                type="button"
                className={modeButton}
                aria-pressed={mode === m}
                data-testid={`entry-mode-${m}`}
                onClick={() => {
                  write.edit();
                  form.setFieldValue('mode', m);
                }}
              >
                {t(`cashiers.entry.modes.${action}.${m}`)}
              </button>
            ))}
          </div>
          {mode === 'student' ? (
            <>
              <form.Field name="student">
                {(field) => (
                  <StudentPicker
                    filial={cashier.filial}
                    value={field.state.value}
                    error={fieldError(field, write, t)}
                    onChoose={(id) => {
                      write.edit('student');
                      field.handleChange(id);
                      form.setFieldValue('group', null, { dontUpdateMeta: true });
                    }}
                  />
                )}
              </form.Field>
              <form.Subscribe selector={(s) => [s.values.student, s.values.amount] as const}>
                {([student, amount]) =>
                  student !== null ? (
                    <form.Field name="group">
                      {(field) => (
                        <PaymentGroupField
                          student={student}
                          value={field.state.value}
                          onChange={change('group', field.handleChange)}
                          amountText={amount}
                          groupRequired={action === 'expense'}
                          error={fieldError(field, write, t)}
                        />
                      )}
                    </form.Field>
                  ) : null
                }
              </form.Subscribe>
            </>
          ) : (
            <form.Field name="kind">
              {(field) => (
                <Select
                  label={t('cashiers.entry.kind')}
                  required
                  placeholder={kinds.isPending ? t('cashiers.loading') : t('cashiers.entry.chooseKind')}
                  options={ownKinds.map((k) => ({ value: k.id, label: kindName(t, k) }))}
                  value={field.state.value ?? ''}
                  onChange={(e) => change('kind', field.handleChange)(e.target.value ? Number(e.target.value) : null)}
                  error={fieldError(field, write, t)}
                  data-testid="entry-kind"
                />
              )}
            </form.Field>
          )}
          <div className={twoColumns}>
            <form.Field name="method">
              {(field) => (
                <Select
                  label={t('cashiers.entry.method')}
                  required
                  options={PAYMENT_METHODS.map((m) => ({ value: m, label: methodLabel(t, m) }))}
                  value={field.state.value}
                  onChange={(e) => change('method', field.handleChange)(e.target.value as EntryFormValues['method'])}
                  error={fieldError(field, write, t)}
                  data-testid="entry-method"
                />
              )}
            </form.Field>
            <form.Field name="amount">
              {(field) => (
                <AmountField
                  label={t('cashiers.entry.amount')}
                  required
                  value={field.state.value}
                  onChange={change('amount', field.handleChange)}
                  onBlur={field.handleBlur}
                  error={fieldError(field, write, t)}
                  data-testid="entry-amount"
                />
              )}
            </form.Field>
          </div>
          {action === 'expense' ? (
            <form.Subscribe selector={(s) => s.values.method}>
              {(method) => <p className={hint}>{t('cashiers.entry.available', { amount: formatMoney(cashier.balances[method] ?? '0') })}</p>}
            </form.Subscribe>
          ) : null}
          <form.Field name="comment">
            {(field) => (
              <CommentField
                label={t('cashiers.entry.comment')}
                value={field.state.value}
                onChange={(e) => change('comment', field.handleChange)(e.target.value)}
                onBlur={field.handleBlur}
                error={fieldError(field, write, t)}
              />
            )}
          </form.Field>
        </div>
        <WriteFooter write={write} onCancel={onClose} submitLabel={t(`cashiers.entry.submit.${action}`)} />
      </form>
    </Dialog>
  );
}

/** The branch's students by name or phone (GET /students/no-pg/), a few at a time; the chosen one stays shown. */
function StudentPicker({ filial, value, error, onChoose }: { filial: number; value: number | null; error: string | null; onChoose: (id: number) => void }) {
  const { t } = useT();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<StudentBrief | null>(null);
  const q = useDebounced(search.trim());
  const students = useBranchStudents({ filial, q: q || undefined, limit: PICK });
  const list = students.data ?? [];
  return (
    <div>
      <Field
        label={t('cashiers.entry.student')}
        required
        type="search"
        autoFocus
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('cashiers.entry.studentSearch')}
        error={error}
        data-testid="entry-student-search"
      />
      <div role="listbox" aria-label={t('cashiers.entry.student')} className={css({ mt: '2', maxH: '12rem', overflowY: 'auto', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'control' })}>
        {students.isPending ? <p className={css({ p: '3', color: 'fg.muted', fontSize: 'sm' })}>{t('cashiers.loading')}</p> : null}
        {students.isSuccess && list.length === 0 ? <p className={css({ p: '3', color: 'fg.muted', fontSize: 'sm' })}>{t('cashiers.entry.noStudents')}</p> : null}
        {list.map((s) => (
          <button
            key={s.id}
            type="button"
            role="option"
            aria-selected={value === s.id}
            className={option}
            onClick={() => {
              setChosen(s);
              onChoose(s.id);
            }}
          >
            <span>{s.full_name}</span>
            <span className={css({ color: 'fg.muted', whiteSpace: 'nowrap' })}>{formatPhoneInput(s.phone)}</span>
          </button>
        ))}
      </div>
      {list.length >= PICK ? <p className={css({ mt: '1', fontSize: 'xs', color: 'fg.muted' })}>{t('cashiers.entry.narrow')}</p> : null}
      {chosen && value === chosen.id ? (
        <p className={css({ mt: '1', fontSize: 'sm' })} data-testid="entry-student-chosen">
          {t('cashiers.entry.chosen', { student: chosen.full_name })}
        </p>
      ) : null}
    </div>
  );
}
