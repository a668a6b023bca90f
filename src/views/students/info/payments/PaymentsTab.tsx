// The student card's payments tab: the total balance first (payments − charges + vouchers − refunds, the full
// amount, coloured by sign), then its split per group with the running sale of each; the charges made for held
// lessons, the payments booked by the cash desk, and vouchers. Staff with a cash page take a payment here ("To‘lov
// qabul qilish": the student and group filled in); sales and vouchers are given and ended by the `cashiers` page.
import { useState } from 'react';
import { HandCoins } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import type { StudentDetail } from '../../../../../contract/students';
import {
  cancelVoucher,
  endSale,
  useStudentBalances,
  useStudentCharges,
  useStudentPayments,
  useStudentVouchers,
  type StudentSale,
  type Voucher,
} from '../../../../api/billing';
import { useReadablePages } from '../../../../app/hooks';
import { useT } from '../../../../i18n';
import { formatDate, formatDateTime } from '../../../../lib/dates';
import { formatMoney } from '../../../../lib/money';
import { Button } from '../../../../ui/Button';
import { inlineLink } from '../../../../ui/link';
import { Pagination } from '../../../../ui/Pagination';
import { Amount, emptyText, muted, panel, sectionTitle } from '../parts';
import { ConfirmWriteDialog } from '../../../common/money/ConfirmWriteDialog';
import { SaleDialog } from './SaleDialog';
import { saleValueText } from '../../../common/money/billingForms';
import { TakePaymentDialog } from './TakePaymentDialog';
import { VoucherDialog } from './VoucherDialog';

const PAGE = 10;
const grid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' });
const row = css({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '2',
  py: '2.5',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  fontSize: 'sm',
  _last: { borderBottomWidth: '0' },
});
const head = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: '2', mb: '2' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const saleChip = css({ fontSize: 'xs', color: 'accent.fg', bg: 'accent.subtle', borderRadius: 'full', px: '2', py: '0.5' });

type Dialogs =
  | { kind: 'take'; group: number | null }
  | { kind: 'sale'; group: number | null }
  | { kind: 'voucher'; group: number | null }
  | { kind: 'endSale'; sale: StudentSale }
  | { kind: 'cancelVoucher'; voucher: Voucher }
  | null;

export function PaymentsTab({ student, today }: { student: StudentDetail; today: string }) {
  const { t, lang } = useT();
  const readable = useReadablePages();
  // Taking money is the cash pages' (the front desk has cashiers_data); discounts and vouchers the accountant's.
  const canTake = readable.has('cashiers') || readable.has('cashiers_data');
  const canWrite = readable.has('cashiers');
  // The receipt page reads the ledger: any cash page or the finance report.
  const canReceipt = ['cashiers', 'cashiers_data', 'cashiers_archive', 'finance_report'].some((p) => readable.has(p));
  const balances = useStudentBalances(student.id);
  const [chargesPage, setChargesPage] = useState(1);
  const [paymentsPage, setPaymentsPage] = useState(1);
  const charges = useStudentCharges(student.id, chargesPage);
  const payments = useStudentPayments(student.id, paymentsPage);
  const vouchers = useStudentVouchers(student.id);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const memberGroups = (balances.data?.groups ?? []).filter((g) => g.is_member).map((g) => g.group);
  const summary = (from: number, to: number, count: number) => t('billing.pageSummary', { from, to, count });

  return (
    <div className={grid} data-testid="payments-tab">
      <section className={panel} data-testid="billing-balances">
        <div className={head}>
          <div>
            <h2 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{t('billing.balances.totalTitle')}</h2>
            {balances.data ? (
              <div className={css({ fontSize: '2xl', fontWeight: 'semibold', mt: '1' })}>
                <Amount value={balances.data.total} testId="billing-total">
                  {formatMoney(balances.data.total)}
                </Amount>
              </div>
            ) : null}
          </div>
          {canTake && balances.data?.groups.length ? (
            <Button size="sm" onClick={() => setDialog({ kind: 'take', group: memberGroups.length === 1 ? memberGroups[0].id : null })} data-testid="take-payment">
              <HandCoins size={16} aria-hidden="true" />
              {t('billing.take.button')}
            </Button>
          ) : null}
        </div>
        {canWrite && memberGroups.length ? (
          <div className={css({ display: 'flex', justifyContent: 'flex-end', mb: '2' })}>
            <div className={actions}>
              <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'sale', group: null })} data-testid="give-sale">
                {t('billing.sale.give')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'voucher', group: null })} data-testid="give-voucher">
                {t('billing.voucher.give')}
              </Button>
            </div>
          </div>
        ) : null}
        {balances.data?.groups.length ? <h3 className={cx(muted, css({ mt: '2', textTransform: 'uppercase', letterSpacing: 'wide' }))}>{t('billing.balances.title')}</h3> : null}
        {balances.isLoading ? <p className={emptyText}>{t('billing.loading')}</p> : null}
        {balances.data && balances.data.groups.length === 0 ? <p className={emptyText}>{t('billing.balances.none')}</p> : null}
        {balances.data?.groups.map((g) => (
          <div key={g.group.id} className={row} data-testid={`balance-row-${g.group.id}`}>
            <div className={css({ minW: '0' })}>
              <div className={css({ fontWeight: 'medium' })}>
                {g.group.name}
                {g.is_member ? null : <span className={muted}> · {t('billing.balances.left')}</span>}
              </div>
              {g.running_sale ? (
                <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mt: '1' })}>
                  <span className={saleChip} data-testid={`running-sale-${g.group.id}`}>
                    {t('billing.sale.running', {
                      name: g.running_sale.sale.name,
                      value: saleValueText(g.running_sale.sale, formatMoney),
                      date: formatDate(g.running_sale.from_date, lang),
                    })}
                  </span>
                  {canWrite ? (
                    <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: 'endSale', sale: g.running_sale! })} data-testid={`end-sale-${g.group.id}`}>
                      {t('billing.sale.end')}
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </div>
            <Amount value={g.balance} testId={`balance-${g.group.id}`}>
              {formatMoney(g.balance)}
            </Amount>
          </div>
        ))}
      </section>

      <section className={panel} data-testid="billing-vouchers">
        <h2 className={sectionTitle}>{t('billing.voucher.title')}</h2>
        {vouchers.data && vouchers.data.length === 0 ? <p className={emptyText}>{t('billing.voucher.none')}</p> : null}
        {vouchers.data?.map((v) => (
          <div key={v.id} className={row} data-testid={`voucher-${v.id}`}>
            <div className={css({ minW: '0' })}>
              <div className={css({ fontWeight: 'medium' })}>
                {v.group.name}
                {v.reason ? <span className={muted}> · {v.reason}</span> : null}
              </div>
              <div className={muted}>
                {formatDateTime(v.created_at, lang)}
                {v.cancelled_at ? ` · ${t('billing.voucher.cancelledOn', { date: formatDate(v.cancelled_at, lang) })}` : ''}
              </div>
            </div>
            <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
              <span className={css({ textDecoration: v.cancelled_at ? 'line-through' : 'none', color: v.cancelled_at ? 'fg.muted' : 'success.default', fontVariantNumeric: 'tabular-nums' })}>
                +{formatMoney(v.amount)}
              </span>
              {canWrite && !v.cancelled_at ? (
                <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: 'cancelVoucher', voucher: v })} data-testid={`cancel-voucher-${v.id}`}>
                  {t('billing.voucher.cancel')}
                </Button>
              ) : null}
            </div>
          </div>
        ))}
      </section>

      <section className={panel} data-testid="billing-charges">
        <div className={head}>
          <h2 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{t('billing.charges.title')}</h2>
          {charges.data ? <span className={muted}>{t('billing.charges.total', { amount: formatMoney(charges.data.total) })}</span> : null}
        </div>
        {charges.data && charges.data.count === 0 ? <p className={emptyText}>{t('billing.charges.none')}</p> : null}
        {charges.data?.results.map((c) => (
          <div key={c.id} className={row}>
            <div className={css({ minW: '0' })}>
              <div className={css({ fontWeight: 'medium' })}>{formatDate(c.date, lang)}</div>
              <div className={muted}>
                {c.group.name} · {t('billing.charges.monthly', { amount: formatMoney(c.monthly_price) })}
              </div>
            </div>
            <Amount value={`-${c.amount}`}>−{formatMoney(c.amount)}</Amount>
          </div>
        ))}
        {charges.data && charges.data.count > PAGE ? (
          <Pagination page={chargesPage} pageSize={PAGE} count={charges.data.count} onChange={setChargesPage} summary={summary} prevLabel={t('billing.prev')} nextLabel={t('billing.next')} />
        ) : null}
      </section>

      <section className={panel} data-testid="billing-payments">
        <h2 className={sectionTitle}>{t('billing.payments.title')}</h2>
        {payments.data && payments.data.count === 0 ? <p className={emptyText}>{t('billing.payments.none')}</p> : null}
        {payments.data?.results.map((p) => {
          const signed = p.action === 'income' ? p.amount : `-${p.amount}`;
          return (
            <div key={p.id} className={row}>
              <div className={css({ minW: '0' })}>
                <div className={css({ fontWeight: 'medium' })}>
                  {p.kind.system_key ? t(`billing.payments.kinds.${p.kind.system_key}`) : p.kind.name}
                  {p.group ? <span className={muted}> · {p.group.name}</span> : null}
                </div>
                <div className={muted}>
                  {formatDateTime(p.created_at, lang)} · {p.cashier.name} · {t(`billing.payments.methods.${p.method}`)}
                  {p.comment ? ` · ${p.comment}` : ''}
                  {canReceipt && p.action === 'income' && p.reverses === null ? (
                    <>
                      {' · '}
                      <a href={`/cashiers/receipt?id=${p.id}`} target="_blank" rel="noopener" className={inlineLink} data-testid="payment-receipt">
                        {t('billing.payments.receipt')}
                      </a>
                    </>
                  ) : null}
                </div>
              </div>
              <Amount value={signed}>
                {p.action === 'income' ? '+' : '−'}
                {formatMoney(p.amount)}
              </Amount>
            </div>
          );
        })}
        {payments.data && payments.data.count > PAGE ? (
          <Pagination page={paymentsPage} pageSize={PAGE} count={payments.data.count} onChange={setPaymentsPage} summary={summary} prevLabel={t('billing.prev')} nextLabel={t('billing.next')} />
        ) : null}
      </section>

      {dialog?.kind === 'take' ? <TakePaymentDialog student={student} initialGroup={dialog.group} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'sale' ? <SaleDialog student={student} groups={memberGroups} initialGroup={dialog.group} today={today} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'voucher' ? <VoucherDialog student={student} groups={memberGroups} initialGroup={dialog.group} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'endSale' ? (
        <ConfirmWriteDialog
          testId="end-sale-form"
          title={t('billing.sale.endTitle')}
          description={t('billing.sale.endText', { name: dialog.sale.sale.name, group: dialog.sale.group.name })}
          confirmLabel={t('billing.sale.end')}
          doneMessage="billing.sale.ended"
          run={(key) => endSale(dialog.sale.id, key)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'cancelVoucher' ? (
        <ConfirmWriteDialog
          testId="cancel-voucher-form"
          title={t('billing.voucher.cancelTitle')}
          description={t('billing.voucher.cancelText', { amount: formatMoney(dialog.voucher.amount), group: dialog.voucher.group.name })}
          confirmLabel={t('billing.voucher.cancel')}
          doneMessage="billing.voucher.cancelled"
          run={(key) => cancelVoucher(dialog.voucher.id, key)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
