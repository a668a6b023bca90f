import { Wallet } from 'lucide-react';
import { css } from 'styled-system/css';
import type { StudentDetail } from '../../../../contract/students';
import { useT } from '../../../i18n';
import { formatMoney } from '../../../lib/money';
import { Amount, muted, panel } from './parts';

const line = css({ display: 'flex', justifyContent: 'space-between', gap: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.default', fontSize: 'sm' });

/**
 * The balance per open group and in total, and no payment rows: payments and charges arrive with the cash desk,
 * so the page says so instead of showing an empty or made-up ledger.
 */
export function PaymentsTab({ student }: { student: StudentDetail }) {
  const { t } = useT();
  return (
    <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' })} data-testid="payments-tab">
      <section className={panel}>
        <h2 className={css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1' })}>{t('student_detail.payments.balances')}</h2>
        {student.memberships.map((m) => (
          <div key={m.id} className={line}>
            <span>{m.group.name}</span>
            <Amount value={m.balance}>{formatMoney(m.balance)}</Amount>
          </div>
        ))}
        {student.memberships.length === 0 ? <p className={css({ py: '2', fontSize: 'sm', color: 'fg.muted' })}>{t('student_detail.payments.noGroups')}</p> : null}
        <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', pt: '2', fontWeight: 'semibold' })}>
          <span>{t('student_detail.payments.total')}</span>
          <Amount value={student.balance} testId="payments-total">
            {formatMoney(student.balance)}
          </Amount>
        </div>
      </section>
      <section className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', p: '4', borderRadius: 'card', borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.default' })} data-testid="payments-empty">
        <Wallet size={20} aria-hidden="true" className={css({ color: 'fg.muted', flexShrink: 0, mt: '0.5' })} />
        <div>
          <p className={css({ fontWeight: 'medium' })}>{t('student_detail.payments.emptyTitle')}</p>
          <p className={muted}>{t('student_detail.payments.emptyText')}</p>
        </div>
      </section>
    </div>
  );
}
