import { useStore } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import type { Cashier, FinanceAction } from '../../../../contract/finance';
import type { StudentBrief } from '../../../../contract/students';
import { createEntry, useKinds } from '../../../api/finance';
import { useBranchStudents } from '../../../api/groupDetail';
import { useT } from '../../../i18n';
import { Dialog } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { formBody, twoColumns } from '../../../ui/form/FormAlert';
import { fieldErrorOf } from '../../../ui/form/fieldError';
import { FormFooter } from '../../../ui/form/FormFooter';
import { kindName, methodOptions } from '../../common/money/financeText';
import { PaymentGroupField } from '../../common/money/PaymentGroupField';
import { useStudentSearch } from '../../common/studentSearch';
import { useWrite } from '../../common/useWrite';
import { MONEY_MESSAGES } from '../../common/money/moneyWrite';
import { AvailableHint } from './AvailableHint';
import { emptyEntry, entryFormSchema, toEntryBody, type EntryMode } from './entryForm';

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

/**
 * "Kirim" (income) or "Chiqim" (expense) into one cashier. Income opens as a student payment (student, one of
 * their groups or the automatic split, method, amount); either action can book an entry of one of the centre's
 * kinds instead.
 */
export function EntryDialog({ cashier, action, onClose }: { cashier: Cashier; action: FinanceAction; onClose: () => void }) {
  const { t } = useT();
  const write = useWrite(createEntry, { success: `cashiers.entry.saved.${action}`, onDone: onClose, messages: MONEY_MESSAGES });
  const form = useAppForm({
    defaultValues: emptyEntry(action),
    validators: { onChange: entryFormSchema, onSubmit: entryFormSchema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(toEntryBody(value, cashier.id, action), formApi),
  });
  const mode = useStore(form.store, (s) => s.values.mode);
  const kinds = useKinds(action);
  const ownKinds = (kinds.data ?? []).filter((k) => k.system_key === null);
  const search = useStudentSearch<StudentBrief>({
    limit: PICK,
    texts: { loading: t('cashiers.loading'), empty: t('cashiers.entry.noStudents'), narrow: t('cashiers.entry.narrow') },
  });
  const students = useBranchStudents({ filial: cashier.filial, q: search.q || undefined, limit: PICK });

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
              <form.AppField name="student" listeners={{ onChange: () => form.setFieldValue('group', null, { dontUpdateMeta: true }) }}>
                {(f) => (
                  <f.SearchField
                    label="cashiers.entry.student"
                    required
                    autoFocus
                    placeholder={t('cashiers.entry.studentSearch')}
                    data-testid="entry-student-search"
                    {...search.field(students)}
                    chosen={
                      search.chosen && f.state.value === search.chosen.id ? (
                        <span data-testid="entry-student-chosen">{t('cashiers.entry.chosen', { student: search.chosen.full_name })}</span>
                      ) : null
                    }
                  />
                )}
              </form.AppField>
              <form.Subscribe selector={(s) => [s.values.student, s.values.amount] as const}>
                {([student, amount]) =>
                  student !== null ? (
                    <form.AppField name="group">
                      {(f) => (
                        <PaymentGroupField
                          student={student}
                          value={f.state.value}
                          onChange={f.handleChange}
                          amountText={amount}
                          groupRequired={action === 'expense'}
                          error={fieldErrorOf(f, t)}
                        />
                      )}
                    </form.AppField>
                  ) : null
                }
              </form.Subscribe>
            </>
          ) : (
            <form.AppField name="kind">
              {(f) => (
                <f.SelectField
                  label="cashiers.entry.kind"
                  required
                  parse={Number}
                  placeholder={kinds.isPending ? t('cashiers.loading') : t('cashiers.entry.chooseKind')}
                  options={ownKinds.map((k) => ({ value: k.id, label: kindName(t, k) }))}
                  data-testid="entry-kind"
                />
              )}
            </form.AppField>
          )}
          <div className={twoColumns}>
            <form.AppField name="method">
              {(f) => <f.SelectField label="cashiers.entry.method" required options={methodOptions(t)} data-testid="entry-method" />}
            </form.AppField>
            <form.AppField name="amount">{(f) => <f.AmountField label="cashiers.entry.amount" required data-testid="entry-amount" />}</form.AppField>
          </div>
          {action === 'expense' ? (
            <form.Subscribe selector={(s) => s.values.method}>{(method) => <AvailableHint cashier={cashier} method={method} />}</form.Subscribe>
          ) : null}
          <form.AppField name="comment">{(f) => <f.TextareaField label="cashiers.entry.comment" rows={2} />}</form.AppField>
        </div>
        <FormFooter write={write} onCancel={onClose} submitLabel={t(`cashiers.entry.submit.${action}`)} />
      </form>
    </Dialog>
  );
}
