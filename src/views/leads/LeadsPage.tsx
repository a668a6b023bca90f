import { Columns3, Table2, UserPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { css } from 'styled-system/css';
import { useLocation } from 'wouter';
import type { Lead } from '../../../contract/leads';
import { useLeadsPage, useLeadStatistic } from '../../api/leads';
import { useMe, useReadablePages } from '../../app/hooks';
import { useCurrentBranch } from '../../app/useBranch';
import { useT } from '../../i18n';
import { toIsoDay } from '../../lib/dates';
import { PageHeader } from '../../ui/PageHeader';
import { Tabs } from '../../ui/Tabs';
import { DownloadButton } from '../common/DownloadButton';
import { ListPagination } from '../common/ListPagination';
import { MessagePage } from '../common/MessagePage';
import { intParam, useQueryParams } from '../common/useQueryParams';
import { CreateLeadDialog } from './create/CreateLeadDialog';
import { excelDownload, filtersFromQuery, isFiltered, leadListParams, tabCount, visibleTabs, type LeadFilters, type LeadTab } from './leadQuery';
import { LeadListFilters } from './list/LeadListFilters';
import { leadHref, LeadsTable } from './list/LeadsTable';
import { SourceStrip } from './list/SourceStrip';
import { AddButton } from '../../ui/AddButton';

// The board brings drag and drop and virtualised columns: loaded when it is opened.
const LeadBoard = lazy(() => import('./board/LeadBoard').then((m) => ({ default: m.LeadBoard })));

/**
 * /leads: the branch's leads by stage tab (the stage tab as `?stage=`, as the sidebar's archive link has it; filters
 * and page live in the URL too), counts, export and a quick create; `?view=board` shows the same filters' open
 * leads as a board of stage columns instead of the table.
 */
export default function LeadsPage() {
  const { t } = useT();
  const me = useMe();
  const pages = useReadablePages();
  const filial = useCurrentBranch();
  const [params, setParams] = useQueryParams();
  const [creating, setCreating] = useState(false);
  const tabs = visibleTabs({ newLeads: pages.has('new_leads'), archived: pages.has('archived_leads') });
  const requested = params.get('stage');
  const tab: LeadTab = tabs.find((x) => x === requested) ?? tabs[0] ?? 'ALL_LEADS';
  const filters = filtersFromQuery(params, filial);
  const stats = useLeadStatistic(filters);
  const canCreate = pages.has('new_leads');

  if (filial === null) return <MessagePage icon={<UserPlus size={28} />} title={t('leads.list.noBranch')} />;

  const excel = excelDownload(tab, filters, toIsoDay(new Date()));
  const board = params.get('view') === 'board';
  return (
    <div>
      <PageHeader
        title={t('leads.title')}
        actions={
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <ViewSwitch board={board} onChange={(next) => setParams({ view: next ? 'board' : null, page: null }, { push: true })} />
            <DownloadButton url={excel.url} params={excel.params} fileName={excel.fileName} label={t('leads.excel')} data-testid="leads-excel" />
            {canCreate ? (
              <AddButton onClick={() => setCreating(true)} data-testid="lead-add">
                {t('leads.add')}
              </AddButton>
            ) : null}
          </div>
        }
        subtitle={t('leads.subtitle')}
      />
      <SourceStrip stats={stats.data} period={Boolean(filters.start_date || filters.end_date)} />
      <LeadListFilters filial={filial} filters={filters} onChange={setParams} />
      {board ? (
        <Suspense fallback={<p className={css({ py: '8', textAlign: 'center', color: 'fg.muted' })}>{t('common.loading')}</p>}>
          <LeadBoard filters={filters} />
        </Suspense>
      ) : (
      <Tabs
        value={tab}
        onChange={(value) => setParams({ stage: value === tabs[0] ? null : value, page: null })}
        label={t('leads.tabs.label')}
        items={tabs.map((value) => ({
          value,
          label: <TabLabel text={t(`leads.tabs.${value}`)} count={tabCount(value, stats.data)} tab={value} />,
          content: <LeadsTab tab={value} filters={filters} page={intParam(params, 'page') ?? 1} onPage={(page) => setParams({ page: page > 1 ? page : null })} />,
        }))}
      />
      )}
      {creating ? <CreateLeadDialog filial={filial} chooseOperator={me.role !== 'CALL_OPERATOR'} onClose={() => setCreating(false)} /> : null}
    </div>
  );
}

const switchButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  px: '3',
  h: '9',
  fontSize: 'sm',
  color: 'fg.muted',
  cursor: 'pointer',
  '&[aria-pressed=true]': { bg: 'accent.default', color: 'fg.onAccent' },
});

/** Table or board, kept in the URL (`?view=board`). */
function ViewSwitch({ board, onChange }: { board: boolean; onChange: (board: boolean) => void }) {
  const { t } = useT();
  return (
    <div role="group" aria-label={t('leads.view.label')} data-testid="leads-view" className={css({ display: 'inline-flex', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'control', overflow: 'hidden' })}>
      <button type="button" className={switchButton} aria-pressed={!board} onClick={() => onChange(false)} data-testid="leads-view-table">
        <Table2 size={16} aria-hidden="true" />
        {t('leads.view.table')}
      </button>
      <button type="button" className={switchButton} aria-pressed={board} onClick={() => onChange(true)} data-testid="leads-view-board">
        <Columns3 size={16} aria-hidden="true" />
        {t('leads.view.board')}
      </button>
    </div>
  );
}

function TabLabel({ text, count, tab }: { text: string; count: number | undefined; tab: LeadTab }) {
  return (
    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
      {text}
      {count !== undefined ? (
        <span data-testid={`tab-count-${tab}`} className={css({ px: '1.5', minW: '5', textAlign: 'center', borderRadius: 'full', bg: 'bg.muted', color: 'fg.muted', fontSize: 'xs', fontVariantNumeric: 'tabular-nums' })}>
          {count}
        </span>
      ) : null}
    </span>
  );
}

/** One tab's page of leads. */
function LeadsTab({ tab, filters, page, onPage }: { tab: LeadTab; filters: LeadFilters; page: number; onPage: (page: number) => void }) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const leads = useLeadsPage(leadListParams(tab, filters, page), filters.filial !== null);
  const open = (lead: Lead) => navigate(leadHref(lead));
  return (
    <>
      <LeadsTable
        leads={leads.data?.results}
        page={page}
        loading={leads.isLoading}
        emptyText={isFiltered(filters) ? t('leads.list.emptyFiltered') : t('leads.list.empty')}
        onOpen={open}
      />
      <ListPagination page={page} count={leads.data?.count} onChange={onPage} />
    </>
  );
}
