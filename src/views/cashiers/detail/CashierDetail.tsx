import { ArrowDownLeft, ArrowLeft, ArrowUpRight, Lock, Pencil, Repeat, UserRound, Wallet } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { Cashier, FinanceAction } from '../../../../contract/finance';
import { ApiError } from '../../../api/errors';
import { useCashier } from '../../../api/finance';
import { useReadablePages } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Tabs } from '../../../ui/Tabs';
import { MessagePage } from '../../common/MessagePage';
import { intParam, useQueryParams } from '../../common/useQueryParams';
import { entriesParams, entryFiltersFromQuery } from '../../common/ledger/entryFilters';
import { EntriesList } from '../../common/ledger/EntriesList';
import { EntryFiltersBar } from '../../common/ledger/EntryFiltersBar';
import { HandoversList } from '../../common/ledger/HandoversList';
import { Money } from '../../common/money/Money';
import { CreateCashierDialog } from '../list/CreateCashierDialog';
import { MethodBalances } from '../list/MethodBalances';
import { ClosesList } from './ClosesList';
import { EntryDialog } from './EntryDialog';
import { HandoverDialog } from './HandoverDialog';
import { OnlinePaymentsTab } from './OnlinePaymentsTab';
import { ShiftCloseDialog } from './ShiftCloseDialog';

// The chart comes with the statistics tab only.
const StatsTab = lazy(() => import('./StatsTab'));

export const CASHIER_TABS = ['entries', 'handovers', 'closes', 'stats', 'online'] as const;
type Tab = (typeof CASHIER_TABS)[number];
type Open = { type: 'entry'; action: FinanceAction } | { type: 'handover' } | { type: 'close' } | { type: 'edit' } | null;

const panel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: { base: '4', md: '5' }, mb: '4' });

/**
 * /cashiers?id=N: the cashier's balances and money actions, its ledger, handovers, shift closes and statistics; an
 * online desk also its reconciliation with the provider's transactions.
 */
export default function CashierDetail({ id }: { id: number }) {
  const { t } = useT();
  const cashier = useCashier(id);
  if (cashier.isError) {
    const missing = cashier.error instanceof ApiError && cashier.error.status === 404;
    return <MessagePage icon={<Wallet size={28} />} title={t(missing ? 'cashiers.notFound' : 'cashiers.loadFailed')} />;
  }
  if (!cashier.data) return <p className={css({ color: 'fg.muted' })}>{t('cashiers.loading')}</p>;
  return <Detail cashier={cashier.data} />;
}

function Detail({ cashier }: { cashier: Cashier }) {
  const { t } = useT();
  const [params, setParams] = useQueryParams();
  const tabParam = params.get('tab');
  // The reconciliation tab belongs to the desks online payments land on.
  const tabs: readonly Tab[] = cashier.provider ? CASHIER_TABS : CASHIER_TABS.filter((v) => v !== 'online');
  const tab: Tab = (tabs as readonly string[]).includes(tabParam ?? '') ? (tabParam as Tab) : 'entries';
  const page = intParam(params, 'page') ?? 1;
  const [open, setOpen] = useState<Open>(null);
  const filters = entryFiltersFromQuery(params);
  const setPage = (p: number) => setParams({ page: p > 1 ? p : null }, { push: true });
  const range = { start_date: filters.start_date, end_date: filters.end_date };
  const active = !cashier.is_archived;
  const canKeep = useReadablePages().has('cashiers');

  return (
    <div>
      <Link href="/cashiers" className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'sm', color: 'fg.muted', mb: '2', _hover: { color: 'fg.default' } })}>
        <ArrowLeft size={14} aria-hidden="true" />
        {t('cashiers.back')}
      </Link>
      <section className={panel} data-testid="cashier-header">
        <div className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '4', alignItems: 'flex-start' })}>
          <div className={css({ minW: '0' })}>
            <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold', display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              {cashier.name}
              {cashier.is_archived ? <Badge tone="neutral">{t('cashiers.archived')}</Badge> : null}
            </h1>
            <div className={css({ display: 'flex', alignItems: 'center', gap: '1', color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
              <UserRound size={14} aria-hidden="true" />
              {cashier.employee?.full_name ?? t('cashiers.noEmployee')}
              {active && canKeep ? (
                <Button size="sm" variant="ghost" onClick={() => setOpen({ type: 'edit' })} data-testid="cashier-edit" className={css({ ms: '1' })}>
                  <Pencil size={14} aria-hidden="true" />
                  {t('cashiers.edit.button')}
                </Button>
              ) : null}
            </div>
            <div className={css({ mt: '3' })}>
              <div className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('cashiers.balance')}</div>
              <div className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>
                <Money value={cashier.balance} testId="cashier-balance" />
              </div>
            </div>
          </div>
          <div className={css({ minW: { base: 'full', sm: '16rem' } })} data-testid="cashier-methods">
            <MethodBalances balances={cashier.balances} everyMethod />
          </div>
        </div>
        {active ? (
          <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, max-content)' }, gap: '2', mt: '4' })}>
            <Button onClick={() => setOpen({ type: 'entry', action: 'income' })} data-testid="cashier-income">
              <ArrowDownLeft size={16} aria-hidden="true" />
              {t('cashiers.actions.income')}
            </Button>
            <Button variant="outline" onClick={() => setOpen({ type: 'entry', action: 'expense' })} data-testid="cashier-expense">
              <ArrowUpRight size={16} aria-hidden="true" />
              {t('cashiers.actions.expense')}
            </Button>
            <Button variant="outline" onClick={() => setOpen({ type: 'handover' })} data-testid="cashier-handover">
              <Repeat size={16} aria-hidden="true" />
              {t('cashiers.actions.handover')}
            </Button>
            <Button variant="outline" onClick={() => setOpen({ type: 'close' })} data-testid="cashier-close">
              <Lock size={16} aria-hidden="true" />
              {t('cashiers.actions.close')}
            </Button>
          </div>
        ) : (
          <p className={css({ mt: '3', fontSize: 'sm', color: 'fg.muted' })}>{t('cashiers.archivedHint')}</p>
        )}
      </section>
      <Tabs
        value={tab}
        label={t('cashiers.tabs.label')}
        // A tab is its own list: its page and filters start afresh.
        onChange={(v) => setParams({ tab: v === 'entries' ? null : v, page: null }, { push: true })}
        items={[
          {
            value: 'entries',
            label: t('cashiers.tabs.entries'),
            content: (
              <>
                <EntryFiltersBar values={filters} onChange={setParams} />
                <EntriesList
                  params={entriesParams(filters, { casher_id: cashier.id })}
                  onPage={setPage}
                  canReverse={active}
                  emptyText={t('finance.entries.empty')}
                />
              </>
            ),
          },
          { value: 'handovers', label: t('cashiers.tabs.handovers'), content: <HandoversList cashier={cashier.id} page={page} range={range} onPage={setPage} /> },
          { value: 'closes', label: t('cashiers.tabs.closes'), content: <ClosesList cashier={cashier.id} page={page} onPage={setPage} /> },
          {
            value: 'stats',
            label: t('cashiers.tabs.stats'),
            content: (
              <Suspense fallback={<p className={css({ color: 'fg.muted' })}>{t('cashiers.loading')}</p>}>
                <StatsTab cashier={cashier.id} range={range} onRange={(r) => setParams(r)} />
              </Suspense>
            ),
          },
          ...(cashier.provider
            ? [{ value: 'online', label: t('cashiers.tabs.online'), content: <OnlinePaymentsTab cashier={cashier} range={range} /> }]
            : []),
        ]}
      />
      {open?.type === 'entry' ? <EntryDialog cashier={cashier} action={open.action} onClose={() => setOpen(null)} /> : null}
      {open?.type === 'handover' ? <HandoverDialog cashier={cashier} onClose={() => setOpen(null)} /> : null}
      {open?.type === 'close' ? <ShiftCloseDialog cashier={cashier} onClose={() => setOpen(null)} /> : null}
      {open?.type === 'edit' ? <CreateCashierDialog filial={cashier.filial} cashier={cashier} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
