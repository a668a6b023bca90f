import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { useDebtors } from '../../../api/debtors';
import { useReadablePages } from '../../../app/hooks';
import { useCurrentBranch } from '../../../app/useBranch';
import { useT } from '../../../i18n';
import { toIsoDay } from '../../../lib/dates';
import { EXCEL_EXTENSION } from '../../../lib/files';
import { PageHeader } from '../../../ui/PageHeader';
import { Table } from '../../../ui/Table';
import { DownloadButton } from '../../common/DownloadButton';
import { ListPagination } from '../../common/ListPagination';
import { MessagePage } from '../../common/MessagePage';
import { useQueryParams } from '../../common/useQueryParams';
import { Balance } from '../../common/Balance';
import { DebtorCards } from './DebtorCards';
import { debtorColumns, rowKey } from './debtorColumns';
import { debtorFiltersFromQuery, debtorsExcelParams, hasDebtorFilters } from '../../../lib/debtorFilters';
import { DebtorFiltersBar } from './DebtorFiltersBar';
import { DebtSmsDialog } from './DebtSmsDialog';
import { Button } from '../../../ui/Button';

/**
 * /control/debtors: the branch's students who owe in a group, biggest debt first, with the total; filters and the
 * page live in the URL query; a call is one tap (tel:), or one click makes it a call task for the reader.
 */
export default function DebtorsPage() {
  const { t, lang } = useT();
  const filial = useCurrentBranch();
  const [params, setParams] = useQueryParams();
  const canTask = useReadablePages().has('tasks');
  const filters = debtorFiltersFromQuery(params);
  const debtors = useDebtors(filters, filial);
  const [sms, setSms] = useState<number[] | null>(null);

  if (filial === null) return <MessagePage icon={<Wallet size={28} />} title={t('debtors.noBranch')} />;

  const rows = debtors.data?.results;
  const empty = debtors.isError ? t('debtors.loadFailed') : hasDebtorFilters(filters) ? t('debtors.emptyFiltered') : t('debtors.empty');
  const totals = debtors.data?.totals;
  return (
    <div>
      <PageHeader
        title={t('debtors.title')}
        actions={
          <>
            <Button variant="outline" disabled={!debtors.data?.results.length} onClick={() => setSms([...new Set((debtors.data?.results ?? []).map((r) => r.student.id))])} data-testid="debtors-sms-page">
              {t('debtors.sms.page')}
            </Button>
            <DownloadButton
            url="/finance/debtors/excel/"
            params={debtorsExcelParams(filters, filial)}
            fileName={`qarzdorlar-${toIsoDay(new Date())}.${EXCEL_EXTENSION}`}
            label={t('debtors.export')}
            data-testid="debtors-export"
            />
          </>
        }
        subtitle={t('debtors.subtitle')}
      />
      <DebtorFiltersBar filial={filial} values={filters} onChange={setParams} />
      {totals ? (
        <p className={css({ display: 'flex', gap: '2', alignItems: 'baseline', flexWrap: 'wrap', mb: '3', fontSize: 'md' })} data-testid="debtors-total">
          <span className={css({ color: 'fg.muted' })}>{t('debtors.totals', { count: totals.count })}</span>
          <span className={css({ fontSize: 'lg' })}>
            <Balance value={totals.debt} />
          </span>
        </p>
      ) : null}
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table
          columns={debtorColumns(filters.page, t, lang, canTask, (r) => setSms([r.student.id]))}
          rows={rows}
          rowKey={rowKey}
          loading={debtors.isLoading}
          loadingText={t('debtors.loading')}
          emptyText={empty}
          label={t('debtors.title')}
          testId="debtors-table"
        />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        <DebtorCards rows={rows} page={filters.page} loading={debtors.isLoading} emptyText={empty} canTask={canTask} />
      </div>
      <ListPagination page={filters.page} count={debtors.data?.count} onChange={(page) => setParams({ page: page > 1 ? page : null }, { push: true })} />
      {sms ? <DebtSmsDialog students={sms} onClose={() => setSms(null)} /> : null}
    </div>
  );
}
