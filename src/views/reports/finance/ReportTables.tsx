import { css } from 'styled-system/css';
import type { FinanceReport } from '../../../api/financeReport';
import { useT } from '../../../i18n';
import { Table, type Column } from '../../../ui/Table';
import { Balance } from '../../common/Balance';
import { systemKindKey } from './reportPeriod';

const title = css({ fontSize: 'md', fontWeight: 'semibold', mb: '2' });
const money = (value: string) => <Balance value={value} />;

function Section<T>({ heading, columns, rows, rowKey, testId }: { heading: string; columns: Column<T>[]; rows: readonly T[]; rowKey: (r: T) => string | number; testId: string }) {
  const { t } = useT();
  return (
    <section>
      <h2 className={title}>{heading}</h2>
      <Table columns={columns} rows={rows} rowKey={rowKey} loadingText={t('finance_report.loading')} emptyText={t('finance_report.tables.empty')} label={heading} testId={testId} />
    </section>
  );
}

/** Expense shown as a negative amount, so it reads red like the rest of the app's money. */
const negative = (amount: string) => (amount === '0.00' ? amount : `-${amount}`);

export function ReportTables({ report }: { report: FinanceReport }) {
  const { t } = useT();
  const filialName = new Map(report.filials.map((f) => [f.id, f.name]));
  const tx = (key: string) => t(`finance_report.tables.${key}`);
  return (
    <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', xl: 'repeat(2, minmax(0, 1fr))' } })}>
      <Section
        heading={tx('byFilial')}
        testId="report-by-filial"
        rows={report.by_filial}
        rowKey={(r) => r.filial.id}
        columns={[
          { key: 'filial', header: tx('filial'), cell: (r) => r.filial.name },
          { key: 'income', header: tx('income'), cell: (r) => money(r.income), numeric: true },
          { key: 'expense', header: tx('expense'), cell: (r) => money(negative(r.expense)), numeric: true },
          { key: 'profit', header: tx('profit'), cell: (r) => money(r.profit), numeric: true },
        ]}
      />
      <Section
        heading={tx('byMethod')}
        testId="report-by-method"
        rows={report.by_method}
        rowKey={(r) => r.method}
        columns={[
          { key: 'method', header: tx('method'), cell: (r) => t(`finance_report.methods.${r.method}`) },
          { key: 'income', header: tx('income'), cell: (r) => money(r.income), numeric: true },
          { key: 'expense', header: tx('expense'), cell: (r) => money(negative(r.expense)), numeric: true },
        ]}
      />
      <Section
        heading={tx('byCashier')}
        testId="report-by-cashier"
        rows={report.by_cashier}
        rowKey={(r) => r.cashier.id}
        columns={[
          { key: 'cashier', header: tx('cashier'), cell: (r) => r.cashier.name },
          { key: 'filial', header: tx('filial'), cell: (r) => filialName.get(r.filial) ?? '' },
          { key: 'income', header: tx('income'), cell: (r) => money(r.income), numeric: true },
          { key: 'expense', header: tx('expense'), cell: (r) => money(negative(r.expense)), numeric: true },
        ]}
      />
      <Section
        heading={tx('byKind')}
        testId="report-by-kind"
        rows={report.by_kind}
        rowKey={(r) => r.kind.id}
        columns={[
          {
            key: 'kind',
            header: tx('kind'),
            cell: (r) => {
              const key = systemKindKey(r.kind);
              return key ? t(key) : r.kind.name;
            },
          },
          { key: 'side', header: tx('side'), cell: (r) => tx(r.kind.action) },
          { key: 'amount', header: tx('amount'), cell: (r) => money(r.kind.action === 'expense' ? negative(r.amount) : r.amount), numeric: true },
        ]}
      />
    </div>
  );
}
