import { Landmark } from 'lucide-react';
import { css } from 'styled-system/css';
import type { FinanceKind } from '../../../../contract/finance';
import { useCashiers, useKinds } from '../../../api/finance';
import { useReadablePages } from '../../../app/hooks';
import { useCurrentBranch } from '../../../app/useBranch';
import { useT } from '../../../i18n';
import { PageHeader } from '../../../ui/PageHeader';
import { Select } from '../../../ui/Select';
import { Tabs } from '../../../ui/Tabs';
import { MessagePage } from '../../common/MessagePage';
import { intParam, useQueryParams } from '../../common/useQueryParams';
import { entriesParams, entryFiltersFromQuery } from '../../common/ledger/entryFilters';
import { EntriesList } from '../../common/ledger/EntriesList';
import { EntryFiltersBar } from '../../common/ledger/EntryFiltersBar';
import { HandoversList } from '../../common/ledger/HandoversList';
import { KindsTab } from './KindsTab';

export const FINANCE_TABS = ['entries', 'handovers', 'kinds'] as const;
type Tab = (typeof FINANCE_TABS)[number];

/**
 * /control/finance (page keys cashiers, finance_report): the ledger of every cashier of the branch with filters
 * and totals, the handovers of a chosen cashier, and the kinds. The tab, filters and page live in the query.
 */
export default function FinancePage() {
  const { t } = useT();
  const filial = useCurrentBranch();
  const pages = useReadablePages();
  const [params, setParams] = useQueryParams();
  const tabParam = params.get('tab');
  const tab: Tab = (FINANCE_TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as Tab) : 'entries';
  const cashiers = useCashiers(filial);
  const kinds = useKinds(null);
  const filters = entryFiltersFromQuery(params);
  const page = intParam(params, 'page') ?? 1;
  const setPage = (p: number) => setParams({ page: p > 1 ? p : null }, { push: true });
  // Writes are the cash desk's (the finance report alone only reads): reversals with cashiers or cashiers_data,
  // kinds (shared by every branch) with cashiers only, as the server checks.
  const canWrite = pages.has('cashiers') || pages.has('cashiers_data');
  const canWriteKinds = pages.has('cashiers');
  if (filial === null) return <MessagePage icon={<Landmark size={28} />} title={t('cashiers.noBranch')} />;
  const handoverCashier = filters.casher_id ?? cashiers.data?.[0]?.id ?? null;

  return (
    <div>
      <PageHeader title={t('finance.title')} subtitle={t('finance.subtitle')} />
      <Tabs
        value={tab}
        label={t('finance.tabs.label')}
        onChange={(v) => setParams({ tab: v === 'entries' ? null : v, page: null }, { push: true })}
        items={[
          {
            value: 'entries',
            label: t('finance.tabs.entries'),
            content: (
              <>
                <EntryFiltersBar values={filters} onChange={setParams} cashiers={cashiers.data} kinds={kinds.data as FinanceKind[] | undefined} />
                <EntriesList params={entriesParams(filters, { filial })} onPage={setPage} showCashier canReverse={canWrite} emptyText={t('finance.entries.empty')} />
              </>
            ),
          },
          {
            value: 'handovers',
            label: t('finance.tabs.handovers'),
            content: (
              <>
                <div className={css({ maxW: '20rem', mb: '4' })}>
                  <Select
                    label={t('finance.filters.cashier')}
                    options={(cashiers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                    value={handoverCashier ?? ''}
                    onChange={(e) => setParams({ casher_id: e.target.value, page: null })}
                    data-testid="handovers-cashier"
                  />
                </div>
                {handoverCashier !== null ? (
                  <HandoversList cashier={handoverCashier} page={page} range={{ start_date: filters.start_date, end_date: filters.end_date }} onPage={setPage} />
                ) : (
                  <p className={css({ color: 'fg.muted' })}>{cashiers.isLoading ? t('cashiers.loading') : t('cashiers.empty')}</p>
                )}
              </>
            ),
          },
          { value: 'kinds', label: t('finance.tabs.kinds'), content: <KindsTab canWrite={canWriteKinds} /> },
        ]}
      />
    </div>
  );
}
