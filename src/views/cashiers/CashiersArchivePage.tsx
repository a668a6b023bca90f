import { Archive } from 'lucide-react';
import { useState } from 'react';
import type { Cashier } from '../../../contract/finance';
import { useCashiersPage } from '../../api/finance';
import { useReadablePages } from '../../app/hooks';
import { useCurrentBranch } from '../../app/useBranch';
import { useT } from '../../i18n';
import { PageHeader } from '../../ui/PageHeader';
import { ListPagination } from '../common/ListPagination';
import { MessagePage } from '../common/MessagePage';
import { intParam, useQueryParams } from '../common/useQueryParams';
import { ArchiveCashierDialog } from './list/ArchiveCashierDialog';
import { CashierCards } from './list/CashierCards';

/** /cashiers/archive: the branch's archived cashiers (GET /finance/casher/?is_archived=true), each can come back. */
export default function CashiersArchivePage() {
  const { t } = useT();
  const filial = useCurrentBranch();
  const [params, setParams] = useQueryParams();
  const page = intParam(params, 'page') ?? 1;
  const cashiers = useCashiersPage(filial, true, page);
  const [restoring, setRestoring] = useState<Cashier | null>(null);
  const canKeep = useReadablePages().has('cashiers');
  if (filial === null) return <MessagePage icon={<Archive size={28} />} title={t('cashiers.noBranch')} />;
  return (
    <div>
      <PageHeader title={t('cashiers.archiveTitle')} subtitle={t('cashiers.archiveSubtitle')} />
      <CashierCards
        cashiers={cashiers.data?.results}
        loading={cashiers.isLoading}
        emptyText={cashiers.isError ? t('cashiers.loadFailed') : t('cashiers.archiveEmpty')}
        onArchive={canKeep ? setRestoring : undefined}
        archived
      />
      <ListPagination page={page} count={cashiers.data?.count} onChange={(p) => setParams({ page: p > 1 ? p : null }, { push: true })} />
      {restoring ? <ArchiveCashierDialog cashier={restoring} archive={false} onClose={() => setRestoring(null)} /> : null}
    </div>
  );
}
