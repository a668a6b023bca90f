import { CalendarDays, ClipboardList, GraduationCap, Headset, Users } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { Link, useLocation } from 'wouter';
import type { Group } from '../../../contract/groups';
import { LEADS_NO_PG_LIMIT, type Lead } from '../../../contract/leads';
import { useBranchGroups, useCallOperators, useLeadsPlain } from '../../api/leads';
import { useCurrentBranch } from '../../app/useBranch';
import { useT } from '../../i18n';
import { formatDate, toIsoDay } from '../../lib/dates';
import { cleanParams } from '../../lib/params';
import { formatPhone } from '../../lib/phoneText';
import { daysText, timeRange } from '../../lib/scheduleText';
import { PageHeader } from '../../ui/PageHeader';
import { Select } from '../../ui/Select';
import { DownloadButton } from '../common/DownloadButton';
import { MessagePage } from '../common/MessagePage';
import { intParam, useQueryParams, type QueryChanges } from '../common/useQueryParams';
import { excelDownload, filtersFromQuery } from './leadQuery';
import { LeadFilters } from './list/LeadFilters';
import { subjectLevel } from './list/leadText';
import { filterOrders, groupByFirstLesson } from './orders/ordersBoard';

export const orderHref = (lead: Pick<Lead, 'id'>) => `/leads/orders/info?id=${lead.id}`;

const card = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', overflow: 'hidden' });
const row = css({
  display: 'grid',
  gap: { base: '1.5', md: '4' },
  gridTemplateColumns: { base: '1fr', md: 'minmax(0, 1.3fr) minmax(0, 1fr) minmax(0, 1.2fr) minmax(0, 1fr)' },
  alignItems: 'center',
  px: '4',
  py: '2.5',
  borderTopWidth: '1px',
  borderColor: 'border.default',
  cursor: 'pointer',
  fontSize: 'sm',
  _hover: { bg: 'bg.subtle' },
});
const muted = css({ color: 'fg.muted' });
const withIcon = css({ display: 'flex', alignItems: 'flex-start', gap: '2', minW: '0', '& > svg': { flexShrink: 0, mt: '0.5', color: 'fg.subtle' } });

/** /leads/orders: leads with an order (group and first lesson), grouped by first lesson date; a row opens the order. */
export default function OrdersPage() {
  const { t, lang } = useT();
  const filial = useCurrentBranch();
  const [params, setParams] = useQueryParams();
  const [, navigate] = useLocation();
  const filters = filtersFromQuery(params, filial);
  const group = intParam(params, 'group');
  const orders = useLeadsPlain(cleanParams({ filial, ordered_stages: true, is_archived: false, is_student: false, operator: filters.operator, q: filters.q }), filial !== null);
  const groups = useBranchGroups(filial);
  const operators = useCallOperators(filial);

  if (filial === null) return <MessagePage icon={<ClipboardList size={28} />} title={t('leads.list.noBranch')} />;

  const groupById = new Map((groups.data ?? []).map((g) => [g.id, g]));
  const shown = filterOrders(orders.data ?? [], { group, start_date: filters.start_date, end_date: filters.end_date });
  const days = groupByFirstLesson(shown);
  const apply = (changes: QueryChanges) => setParams({ ...changes, page: null });
  const active = [filters.q, filters.start_date, filters.end_date, filters.operator, group].filter(Boolean).length;
  const all = t('leads.filters.all');
  const excel = excelDownload('ORDER_CREATED', { filial, operator: filters.operator, q: filters.q }, toIsoDay(new Date()));

  return (
    <div>
      <PageHeader title={t('leads.orders.title')} actions={<DownloadButton url={excel.url} params={excel.params} fileName={excel.fileName} label={t('leads.excel')} data-testid="orders-excel" />} subtitle={t('leads.orders.subtitle')} />
      <LeadFilters
        testId="order-filters"
        selects={2}
        values={filters}
        active={active}
        onChange={setParams}
        onClear={() => apply({ q: null, start_date: null, end_date: null, operator: null, group: null })}
      >
        <Select
          label={t('leads.filters.group')}
          name="group"
          placeholder={all}
          value={group ?? ''}
          options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          onChange={(e) => apply({ group: e.target.value })}
        />
        <Select
          label={t('leads.filters.operator')}
          name="operator"
          placeholder={all}
          value={filters.operator ?? ''}
          options={(operators.data ?? []).map((p) => ({ value: p.id, label: p.full_name }))}
          onChange={(e) => apply({ operator: e.target.value })}
        />
      </LeadFilters>
      {orders.data && orders.data.length >= LEADS_NO_PG_LIMIT ? <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '3' })}>{t('leads.orders.limit', { count: LEADS_NO_PG_LIMIT })}</p> : null}
      {days.length === 0 ? (
        <p className={css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' })}>
          {orders.isLoading ? t('common.loading') : active ? t('leads.orders.emptyFiltered') : t('leads.orders.empty')}
        </p>
      ) : (
        <div className={css({ display: 'grid', gap: '4' })} data-testid="orders-board">
          {days.map((day) => (
            <section key={day.date ?? 'none'} className={card} aria-label={day.date ? formatDate(day.date, lang) : t('leads.orders.noDate')}>
              <h2 className={css({ display: 'flex', alignItems: 'center', gap: '2', px: '4', py: '2.5', bg: 'bg.subtle', fontSize: 'sm', fontWeight: 'semibold' })}>
                <CalendarDays size={16} aria-hidden="true" className={muted} />
                {day.date ? formatDate(day.date, lang) : t('leads.orders.noDate')}
                <span className={css({ fontWeight: 'normal', color: 'fg.muted' })}>· {t('leads.orders.count', { count: day.orders.length })}</span>
              </h2>
              {day.orders.map((o) => (
                <OrderRow key={o.id} order={o} group={o.order_group ? groupById.get(o.order_group.id) : undefined} onOpen={() => navigate(orderHref(o))} />
              ))}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

function OrderRow({ order, group, onOpen }: { order: Lead; group: Group | undefined; onOpen: () => void }) {
  const { t } = useT();
  return (
    <div className={row} onClick={onOpen} data-row-id={order.id}>
      <div className={css({ minW: '0' })}>
        <Link href={orderHref(order)} onClick={(e) => e.stopPropagation()} className={css({ fontWeight: 'medium', color: 'accent.fg', _hover: { textDecoration: 'underline' } })}>
          {order.full_name}
        </Link>
        <div className={css({ color: 'fg.muted', fontVariantNumeric: 'tabular-nums' })}>{formatPhone(order.phone)}</div>
      </div>
      <div className={withIcon}>
        <Users size={14} aria-hidden="true" />
        <div className={css({ minW: '0' })}>
          <div className={css({ fontWeight: 'medium' })}>{order.order_group?.name ?? t('leads.list.none')}</div>
          <div className={muted}>{subjectLevel(order) || (group ? `${group.course.subject_name} · ${group.course.level_name}` : '')}</div>
        </div>
      </div>
      <div className={withIcon}>
        <GraduationCap size={14} aria-hidden="true" />
        {group ? (
          <div className={css({ minW: '0' })}>
            <div>{group.teacher.full_name}</div>
            <div className={css({ color: 'fg.muted', fontVariantNumeric: 'tabular-nums' })}>
              {daysText(group.days, t)} · {timeRange(group.start_time, group.end_time)}
            </div>
          </div>
        ) : (
          <span className={muted}>{order.order_group ? t('leads.orders.unknownGroup') : t('leads.list.none')}</span>
        )}
      </div>
      <div className={cx(withIcon, muted)}>
        <Headset size={14} aria-hidden="true" />
        <span>{order.operator?.full_name ?? t('leads.list.none')}</span>
      </div>
    </div>
  );
}
