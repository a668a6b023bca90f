import { X } from 'lucide-react';
import { css } from 'styled-system/css';
import { FINANCE_ACTIONS, PAYMENT_METHODS, type Cashier, type FinanceKind } from '../../../../contract/finance';
import { useT } from '../../../i18n/index';
import { Button } from '../../../ui/Button';
import { DateField } from '../../../ui/DateField';
import { Select } from '../../../ui/Select';
import type { QueryChanges } from '../useQueryParams';
import { ENTRY_FILTER_KEYS, hasEntryFilters, type EntryFilters } from './entryFilters';
import { actionLabel, kindName, methodLabel } from '../money/financeText';

const grid = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(auto-fill, minmax(11rem, 13rem))' },
  alignItems: 'end',
  mb: '4',
});

type Props = {
  values: EntryFilters;
  onChange: (changes: QueryChanges) => void;
  /** The branch view filters by cashier and kind too. */
  cashiers?: readonly Cashier[];
  kinds?: readonly FinanceKind[];
};

/** Date range, action, method (and cashier and kind on the branch view); each change goes to the query, page 1. */
export function EntryFiltersBar({ values, onChange, cashiers, kinds }: Props) {
  const { t } = useT();
  const apply = (changes: QueryChanges) => onChange({ ...changes, page: null });
  return (
    <div className={grid} data-testid="entry-filters">
      <DateField label={t('finance.filters.from')} name="start_date" value={values.start_date ?? ''} onChange={(day) => apply({ start_date: day })} />
      <DateField label={t('finance.filters.to')} name="end_date" value={values.end_date ?? ''} onChange={(day) => apply({ end_date: day })} />
      <Select
        label={t('finance.filters.action')}
        placeholder={t('finance.filters.all')}
        options={FINANCE_ACTIONS.map((a) => ({ value: a, label: actionLabel(t, a) }))}
        value={values.action ?? ''}
        onChange={(e) => apply({ action: e.target.value })}
        data-testid="filter-action"
      />
      <Select
        label={t('finance.filters.method')}
        placeholder={t('finance.filters.all')}
        options={PAYMENT_METHODS.map((m) => ({ value: m, label: methodLabel(t, m) }))}
        value={values.method ?? ''}
        onChange={(e) => apply({ method: e.target.value })}
        data-testid="filter-method"
      />
      {cashiers ? (
        <Select
          label={t('finance.filters.cashier')}
          placeholder={t('finance.filters.all')}
          options={cashiers.map((c) => ({ value: c.id, label: c.name }))}
          value={values.casher_id ?? ''}
          onChange={(e) => apply({ casher_id: e.target.value })}
        />
      ) : null}
      {kinds ? (
        <Select
          label={t('finance.filters.kind')}
          placeholder={t('finance.filters.all')}
          options={kinds.map((k) => ({ value: k.id, label: `${kindName(t, k)} (${actionLabel(t, k.action).toLowerCase()})` }))}
          value={values.kind ?? ''}
          onChange={(e) => apply({ kind: e.target.value })}
        />
      ) : null}
      {hasEntryFilters(values) ? (
        <Button variant="ghost" onClick={() => apply(Object.fromEntries(ENTRY_FILTER_KEYS.map((k) => [k, null])))}>
          <X size={16} aria-hidden="true" />
          {t('finance.filters.clear')}
        </Button>
      ) : null}
    </div>
  );
}
