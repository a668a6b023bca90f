import { ArrowRight } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { Handover } from '../../../../contract/finance';
import { useHandovers, type DateRange } from '../../../api/finance';
import { useT } from '../../../i18n/index';
import { formatDateTime } from '../../../lib/dates';
import { rowNumber } from '../../../lib/params';
import { Table, type Column } from '../../../ui/Table';
import { ListPagination } from '../ListPagination';
import { cashierHref, methodLabel } from '../money/financeText';
import { Money } from '../money/Money';

const card = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });
const link = css({ color: 'accent.fg', _hover: { textDecoration: 'underline' } });

/** Out of the cashier it is seen from: negative; into it: positive. */
const seenFrom = (h: Handover, cashier: number) => (h.from_cashier.id === cashier ? `-${h.amount}` : h.amount);

function Route({ h }: { h: Handover }) {
  return (
    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', flexWrap: 'wrap' })}>
      <Link href={cashierHref(h.from_cashier.id)} className={link}>
        {h.from_cashier.name}
      </Link>
      <ArrowRight size={14} aria-hidden="true" />
      <Link href={cashierHref(h.to_cashier.id)} className={link}>
        {h.to_cashier.name}
      </Link>
    </span>
  );
}

/** GET /finance/handover/{id}/: one cashier's handovers, both directions, newest first. */
export function HandoversList({ cashier, page, range = {}, onPage }: { cashier: number; page: number; range?: DateRange; onPage: (page: number) => void }) {
  const { t, lang } = useT();
  const handovers = useHandovers(cashier, page, range);
  const rows = handovers.data?.results;
  const empty = handovers.isError ? t('finance.handovers.loadFailed') : t('finance.handovers.empty');
  const columns: Column<Handover>[] = [
    { key: 'number', header: t('finance.entries.columns.number'), cell: (_, i) => rowNumber(page, i), width: '48px' },
    { key: 'date', header: t('finance.entries.columns.date'), cell: (h) => <span className={css({ whiteSpace: 'nowrap' })}>{formatDateTime(h.created_at, lang)}</span> },
    { key: 'route', header: t('finance.handovers.route'), cell: (h) => <Route h={h} /> },
    { key: 'method', header: t('finance.entries.columns.method'), cell: (h) => methodLabel(t, h.method) },
    { key: 'amount', header: t('finance.entries.columns.amount'), numeric: true, cell: (h) => <Money value={seenFrom(h, cashier)} /> },
    { key: 'author', header: t('finance.entries.columns.author'), cell: (h) => <span className={css({ fontSize: 'xs' })}>{h.author.full_name}</span> },
    { key: 'comment', header: t('finance.entries.columns.comment'), cell: (h) => <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{h.comment}</span> },
  ];
  return (
    <div>
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table columns={columns} rows={rows} rowKey={(h) => h.id} loading={handovers.isLoading} loadingText={t('cashiers.loading')} emptyText={empty} label={t('finance.handovers.title')} testId="handovers-table" />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        {!rows || rows.length === 0 ? (
          <p className={message}>{!rows && handovers.isLoading ? t('cashiers.loading') : empty}</p>
        ) : (
          <ul className={css({ display: 'grid', gap: '2' })} aria-label={t('finance.handovers.title')}>
            {rows.map((h) => (
              <li key={h.id} className={card} data-row-id={h.id}>
                <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
                  <Route h={h} />
                  <Money value={seenFrom(h, cashier)} />
                </div>
                <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
                  {formatDateTime(h.created_at, lang)} · {methodLabel(t, h.method)} · {h.author.full_name}
                  {h.comment ? ` · ${h.comment}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ListPagination page={page} count={handovers.data?.count} onChange={onPage} />
    </div>
  );
}
