import { Archive, Wallet } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { sumAmounts } from '../../../contract/money';
import type { Cashier } from '../../../contract/finance';
import { useCashiers } from '../../api/finance';
import { useReadablePages } from '../../app/hooks';
import { useCurrentBranch } from '../../app/useBranch';
import { useT } from '../../i18n';
import { button } from '../../ui/Button';
import { PageHeader } from '../../ui/PageHeader';
import { MessagePage } from '../common/MessagePage';
import { intParam, useQueryParams } from '../common/useQueryParams';
import { Money } from '../common/money/Money';
import { ArchiveCashierDialog } from './list/ArchiveCashierDialog';
import { CashierCards } from './list/CashierCards';
import { CreateCashierDialog } from './list/CreateCashierDialog';
import { AddButton } from '../../ui/AddButton';

// The cashier's page (tabs, dialogs and its chart) loads only when a cashier is opened.
const CashierDetail = lazy(() => import('./detail/CashierDetail'));

/**
 * /cashiers: the branch's active cashiers with their balances; /cashiers?id=N: one cashier (design page: detail
 * objects live in the query).
 */
export default function CashiersPage() {
  const [params] = useQueryParams();
  const id = intParam(params, 'id');
  const { t } = useT();
  if (id !== undefined)
    return (
      <Suspense fallback={<p className={css({ color: 'fg.muted' })}>{t('cashiers.loading')}</p>}>
        <CashierDetail key={id} id={id} />
      </Suspense>
    );
  return <CashiersList />;
}

function CashiersList() {
  const { t } = useT();
  const filial = useCurrentBranch();
  const pages = useReadablePages();
  const cashiers = useCashiers(filial);
  const [creating, setCreating] = useState(false);
  const [archiving, setArchiving] = useState<Cashier | null>(null);
  // Opening, editing and archiving desks is the `cashiers` page's (the accountant's), as on the server.
  const canKeep = pages.has('cashiers');
  if (filial === null) return <MessagePage icon={<Wallet size={28} />} title={t('cashiers.noBranch')} />;
  const list = cashiers.data;
  const total = list ? sumAmounts(list.map((c) => c.balance)) : null;
  return (
    <div>
      <PageHeader
        title={t('cashiers.title')}
        actions={
          <>
            {pages.has('cashiers_archive') ? (
              <Link href="/cashiers/archive" className={button({ variant: 'outline' })}>
                <Archive size={16} aria-hidden="true" />
                {t('cashiers.toArchive')}
              </Link>
            ) : null}
            {canKeep ? (
              <AddButton onClick={() => setCreating(true)} data-testid="cashier-add">
                {t('cashiers.create.button')}
              </AddButton>
            ) : null}
          </>
        }
      >
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          {total !== null ? (
            <>
              {t('cashiers.branchTotal')}: <Money value={total} testId="cashiers-total" />
            </>
          ) : (
            t('cashiers.subtitle')
          )}
        </p>
      </PageHeader>
      <CashierCards
        cashiers={list}
        loading={cashiers.isLoading}
        emptyText={cashiers.isError ? t('cashiers.loadFailed') : t('cashiers.empty')}
        onArchive={canKeep ? setArchiving : undefined}
      />
      {creating ? <CreateCashierDialog filial={filial} onClose={() => setCreating(false)} /> : null}
      {archiving ? <ArchiveCashierDialog cashier={archiving} archive onClose={() => setArchiving(null)} /> : null}
    </div>
  );
}
