import { useSubjectOptions } from '../../../api/catalogue';
import { useCallOperators, useMarketingSources } from '../../../api/leads';
import { useT } from '../../../i18n';
import type { QueryChanges } from '../../common/useQueryParams';
import type { LeadFilters as Filters } from '../leadQuery';
import { LeadFilters } from './LeadFilters';
import { ParamSelect } from '../../common/ParamSelect';

/** The lead list's filters: search, period, source, operator, subject. */
export function LeadListFilters({ filial, filters, onChange }: { filial: number; filters: Filters; onChange: (changes: QueryChanges) => void }) {
  const { t } = useT();
  const sources = useMarketingSources();
  const operators = useCallOperators(filial);
  const subjects = useSubjectOptions();
  const apply = (changes: QueryChanges) => onChange({ ...changes, page: null });
  const all = t('leads.filters.all');
  const active = [filters.q, filters.start_date, filters.end_date, filters.source, filters.operator, filters.subject].filter(Boolean).length;
  return (
    <LeadFilters
      testId="lead-filters"
      selects={3}
      values={filters}
      active={active}
      onChange={onChange}
      onClear={() => apply({ q: null, start_date: null, end_date: null, source: null, operator: null, subject: null })}
    >
      <ParamSelect name="source" label={t('leads.filters.source')} all={all} values={filters} apply={apply} options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.name }))} />
      <ParamSelect name="operator" label={t('leads.filters.operator')} all={all} values={filters} apply={apply} options={(operators.data ?? []).map((p) => ({ value: p.id, label: p.full_name }))} />
      <ParamSelect name="subject" label={t('leads.filters.subject')} all={all} values={filters} apply={apply} options={(subjects.data ?? []).map((s) => ({ value: s.id, label: s.name }))} />
    </LeadFilters>
  );
}
