// Which group a student's payment goes into: one of the student's groups, or none ("split automatically"), in
// which case the form shows the rule and, once an amount is typed, how the payment will be split
// (contract/allocation.ts, the same function the server books with). Balances come from the student's card
// (GET /students/{id}/balances/): the groups they are in and those they still owe in.
import { css } from 'styled-system/css';
import { allocatePayment, paymentOrder, type AllocationGroup } from '../../../../contract/allocation';
import { useStudentBalances } from '../../../api/billing';
import { useT } from '../../../i18n/index';
import { formatMoney } from '../../../lib/money';
import { Select } from '../../../ui/Select';
import { positiveAmountText } from './amountText';

const preview = css({ mt: '2', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'control', p: '3', fontSize: 'sm', bg: 'bg.subtle' });
const line = css({ display: 'flex', justifyContent: 'space-between', gap: '3', py: '0.5', fontVariantNumeric: 'tabular-nums' });

type Props = {
  student: number;
  value: number | null;
  onChange: (group: number | null) => void;
  /** The amount field's text; the split shows once it reads as an amount. */
  amountText: string;
  error: string | null;
  /** A refund names its group: no automatic choice. */
  groupRequired?: boolean;
};

export function PaymentGroupField({ student, value, onChange, amountText, error, groupRequired = false }: Props) {
  const { t } = useT();
  const balances = useStudentBalances(student);
  const rows = balances.data?.groups ?? [];
  const groups: AllocationGroup[] = rows.map((g) => ({ group: g.group.id, balance: g.balance, open: g.is_member }));
  const names = new Map(rows.map((g) => [g.group.id, g.group.name]));
  // The groups a payment may go to, in the rule's order (largest debt first); a refund may name any of them.
  const offered = groupRequired ? rows.filter((g) => g.is_member).map((g) => g.group.id) : paymentOrder(groups).map((g) => g.group);
  const balanceOf = new Map(rows.map((g) => [g.group.id, g.balance]));
  const amount = positiveAmountText.safeParse(amountText);
  const parts = !groupRequired && value === null && amount.success && offered.length ? allocatePayment(amount.data, groups) : [];
  return (
    <div>
      <Select
        label={t('finance.allocation.group')}
        required={groupRequired}
        placeholder={
          balances.isPending ? t('finance.allocation.loading') : groupRequired ? t('finance.allocation.chooseGroup') : offered.length ? t('finance.allocation.auto') : t('finance.allocation.noGroups')
        }
        options={offered.map((id) => ({ value: id, label: t('finance.allocation.groupOption', { group: names.get(id) ?? '', balance: formatMoney(balanceOf.get(id) ?? '0') }) }))}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        error={error}
        data-testid="entry-group"
      />
      {!groupRequired && value === null && offered.length ? (
        <div className={preview} data-testid="allocation-preview">
          <p className={css({ color: 'fg.muted', fontSize: 'xs' })}>{t('finance.allocation.rule')}</p>
          {parts.length ? (
            <div className={css({ mt: '2' })}>
              {parts.map((p) => (
                <div key={p.group} className={line} data-testid={`allocation-part-${p.group}`}>
                  <span className={css({ minW: '0', overflowWrap: 'anywhere' })}>{names.get(p.group)}</span>
                  <span className={css({ fontWeight: 'medium', whiteSpace: 'nowrap' })}>{formatMoney(p.amount)}</span>
                </div>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
