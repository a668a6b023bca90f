import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { useT } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { DateField } from '../../../ui/DateField';
import { Field } from '../../../ui/Field';
import type { QueryChanges } from '../../common/useQueryParams';
import { useSearchText } from '../../common/useSearchText';


const grid = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' },
  alignItems: 'end',
});
// One row on a wide screen: search, the two dates, the list's selects (three or two), clear.
const wide = {
  3: css({ lg: { gridTemplateColumns: 'minmax(0, 1.4fr) repeat(5, minmax(0, 1fr)) auto' } }),
  2: css({ lg: { gridTemplateColumns: 'minmax(0, 1.4fr) repeat(4, minmax(0, 1fr)) auto' } }),
};

export type FilterValues = { q?: string; start_date?: string; end_date?: string };

/**
 * Search, the period and the list's own selects (children); every change goes into the URL query with the page
 * back to 1. On a phone the panel folds behind a "Filters" button that says how many are set.
 */
export function LeadFilters({ values, active, selects, onChange, onClear, children, testId }: { values: FilterValues; active: number; selects: 2 | 3; onChange: (changes: QueryChanges) => void; onClear: () => void; children: ReactNode; testId: string }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const apply = (changes: QueryChanges) => onChange({ ...changes, page: null });
  const { search, typeSearch, searchNow, reset } = useSearchText(values.q ?? '', (q) => apply({ q }));
  return (
    <div className={css({ mb: '4' })}>
      <Button
        variant="outline"
        size="sm"
        className={css({ display: { base: 'inline-flex', md: 'none' }, mb: open ? '3' : '0' })}
        aria-expanded={open}
        aria-controls={`${testId}-panel`}
        onClick={() => setOpen((o) => !o)}
      >
        <SlidersHorizontal size={16} aria-hidden="true" />
        {open ? t('leads.filters.hide') : t('leads.filters.show')}
        {active > 0 ? <span className={css({ px: '1.5', borderRadius: 'full', bg: 'accent.default', color: 'fg.onAccent', fontSize: 'xs' })}>{active}</span> : null}
      </Button>
      <div id={`${testId}-panel`} className={css({ display: { base: open ? 'block' : 'none', md: 'block' } })}>
        <div className={cx(grid, wide[selects])} role="search" aria-label={t('leads.filters.label')} data-testid={testId}>
          <Field
            className={css({ gridColumn: { base: '1 / -1', md: 'auto' } })}
            label={t('leads.filters.search')}
            name="q"
            type="search"
            placeholder={t('leads.filters.searchPlaceholder')}
            value={search}
            onChange={(e) => typeSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') searchNow();
            }}
            end={<Search size={16} aria-hidden="true" className={css({ color: 'fg.subtle', me: '2' })} />}
          />
          <DateField label={t('leads.filters.from')} name="start_date" value={values.start_date ?? ''} max={values.end_date} onChange={(day) => apply({ start_date: day })} />
          <DateField label={t('leads.filters.to')} name="end_date" value={values.end_date ?? ''} min={values.start_date} onChange={(day) => apply({ end_date: day })} />
          {children}
          <Button
            className={css({ gridColumn: { base: '1 / -1', lg: 'auto' }, justifySelf: 'end' })}
            variant="ghost"
            disabled={active === 0 && !search}
            onClick={() => {
              reset();
              onClear();
            }}
          >
            <X size={16} aria-hidden="true" />
            {t('leads.filters.clear')}
          </Button>
        </div>
      </div>
    </div>
  );
}
