import { Search, X } from 'lucide-react';
import { css } from 'styled-system/css';
import { useDebtorOptions } from '../../../api/debtors';
import { useT } from '../../../i18n';
import { weekdayNames } from '../../../lib/dates';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { useFilterBar } from '../../common/useFilterBar';
import type { QueryChanges } from '../../common/useQueryParams';
import { FilterSheet, FilterSheetButton } from '../../../ui/FilterSheet';
import { DEBTOR_FILTER_KEYS, type DebtorFilters } from '../../../lib/debtorFilters';
import { ParamSelect } from '../../common/ParamSelect';

const bar = css({ display: 'flex', gap: '2', alignItems: 'end', mb: '4' });
const grid = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, alignItems: 'end' });

type Props = { filial: number; values: DebtorFilters; onChange: (changes: QueryChanges) => void };

/** Search, group, teacher, lesson day and the smallest debt, all in the URL query (page back to 1). */
export function DebtorFiltersBar({ filial, values, onChange }: Props) {
  const { t } = useT();
  const { search, typeSearch, searchNow, apply, set, clear, sheetOpen, setSheetOpen } = useFilterBar(DEBTOR_FILTER_KEYS, values, onChange);
  const clearButton = (
    <Button variant="ghost" disabled={set === 0 && !values.q && !search} onClick={clear}>
      <X size={16} aria-hidden="true" />
      {t('debtors.filters.clear')}
    </Button>
  );
  return (
    <div role="search" aria-label={t('debtors.filters.label')} data-testid="debtor-filters">
      <div className={bar}>
        <Field
          className={css({ flex: '1', minW: '0' })}
          label={t('debtors.filters.search')}
          name="q"
          type="search"
          placeholder={t('debtors.filters.searchPlaceholder')}
          value={search}
          onChange={(e) => typeSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') searchNow();
          }}
          end={<Search size={16} aria-hidden="true" className={css({ color: 'fg.subtle', me: '2' })} />}
        />
        <FilterSheetButton label={t('debtors.filters.open')} count={set} onOpen={() => setSheetOpen(true)} testId="debtor-filters-open" />
        <div className={css({ display: { base: 'none', md: 'block' } })}>{clearButton}</div>
      </div>
      <div className={css({ display: { base: 'none', md: 'block' }, mb: '4' })}>
        <FilterFields filial={filial} values={values} apply={apply} />
      </div>
      <FilterSheet open={sheetOpen} onClose={() => setSheetOpen(false)} title={t('debtors.filters.label')} closeLabel={t('common.actions.close')}>
        <FilterFields filial={filial} values={values} apply={apply} />
        <div className={css({ display: 'flex', justifyContent: 'space-between', mt: '4' })}>
          {clearButton}
          <Button onClick={() => setSheetOpen(false)}>{t('debtors.filters.done')}</Button>
        </div>
      </FilterSheet>
    </div>
  );
}

function FilterFields({ filial, values, apply }: { filial: number; values: DebtorFilters; apply: (changes: QueryChanges) => void }) {
  const { t, lang } = useT();
  const options = useDebtorOptions(filial);
  const all = t('debtors.filters.all');
  const days = weekdayNames(lang);
  return (
    <div className={grid}>
      <ParamSelect name="group" label={t('debtors.filters.group')} all={all} values={values} apply={apply} options={(options.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))} />
      <ParamSelect name="teacher" label={t('debtors.filters.teacher')} all={all} values={values} apply={apply} options={(options.data?.teachers ?? []).map((p) => ({ value: p.id, label: p.full_name }))} />
      <ParamSelect name="day" label={t('debtors.filters.day')} all={all} values={values} apply={apply} options={days.map((name, i) => ({ value: i + 1, label: name }))} />
      <Field
        label={t('debtors.filters.minDebt')}
        name="min_debt"
        inputMode="decimal"
        placeholder="0"
        defaultValue={values.min_debt ?? ''}
        onBlur={(e) => apply({ min_debt: e.target.value.replace(/[\s\u00a0]/g, '').replace(',', '.') })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply({ min_debt: e.currentTarget.value.replace(/[\s\u00a0]/g, '').replace(',', '.') });
        }}
      />
    </div>
  );
}
