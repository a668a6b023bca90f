import { RotateCcw, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { EntriesParams, FinanceEntry } from '../../../../contract/finance';
import { useEntries } from '../../../api/finance';
import { useT, type Lang, type Translate } from '../../../i18n/index';
import { formatDateTime } from '../../../lib/dates';
import { rowNumber } from '../../../lib/params';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { inlineLink } from '../../../ui/link';
import { Table, type Column } from '../../../ui/Table';
import { ListPagination } from '../ListPagination';
import { reversible, signedAmount } from './entryFilters';
import { cashierHref, kindName, methodLabel, studentHref } from '../money/financeText';
import { Money } from '../money/Money';
import { ReverseDialog } from './ReverseDialog';

const muted = css({ color: 'fg.muted', fontSize: 'xs' });
const nowrap = css({ whiteSpace: 'nowrap' });
const card = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1.5' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

type Props = {
  params: EntriesParams;
  onPage: (page: number) => void;
  /** The branch view names the cashier of each entry. */
  showCashier?: boolean;
  /** The user may reverse entries (cashiers_data / cashiers pages). */
  canReverse: boolean;
  emptyText: string;
};

/** What an entry is: its kind, and the student and group of a payment or refund. */
function What({ entry }: { entry: FinanceEntry }) {
  const { t } = useT();
  return (
    <div>
      <div>{kindName(t, entry.kind)}</div>
      {entry.student ? (
        <div className={muted}>
          <Link href={studentHref(entry.student.id)} className={inlineLink}>
            {entry.student.full_name}
          </Link>
          {entry.group ? ` · ${entry.group.name}` : ''}
          {entry.action === 'income' && entry.reverses === null ? (
            <>
              {' · '}
              <a href={`/cashiers/receipt?id=${entry.id}`} target="_blank" rel="noopener" className={inlineLink} data-testid="entry-receipt">
                {t('finance.entries.receipt')}
              </a>
            </>
          ) : null}
        </div>
      ) : null}
      {entry.comment ? <div className={muted}>{entry.comment}</div> : null}
    </div>
  );
}

/** Reversed entries and reversals say so; neither can be reversed (again). */
function State({ entry }: { entry: FinanceEntry }) {
  const { t } = useT();
  if (entry.reversed_by !== null)
    return (
      <span data-testid="entry-reversed">
        <Badge tone="danger">{t('finance.entries.reversed')}</Badge>
      </span>
    );
  if (entry.reverses !== null) return <Badge tone="info">{t('finance.entries.reversal')}</Badge>;
  return null;
}


function columns(t: Translate, lang: Lang, page: number, showCashier: boolean, reverse: ((e: FinanceEntry) => void) | null): Column<FinanceEntry>[] {
  const list: Column<FinanceEntry>[] = [
    { key: 'number', header: t('finance.entries.columns.number'), cell: (_, i) => rowNumber(page, i), width: '48px' },
    { key: 'date', header: t('finance.entries.columns.date'), cell: (e) => <span className={nowrap}>{formatDateTime(e.created_at, lang)}</span> },
    { key: 'kind', header: t('finance.entries.columns.kind'), cell: (e) => <What entry={e} /> },
  ];
  if (showCashier)
    list.push({
      key: 'cashier',
      header: t('finance.entries.columns.cashier'),
      cell: (e) => (
        <Link href={cashierHref(e.cashier.id)} className={css({ color: 'accent.fg', _hover: { textDecoration: 'underline' } })}>
          {e.cashier.name}
        </Link>
      ),
    });
  list.push(
    { key: 'method', header: t('finance.entries.columns.method'), cell: (e) => methodLabel(t, e.method) },
    { key: 'amount', header: t('finance.entries.columns.amount'), numeric: true, cell: (e) => <Money value={signedAmount(e)} /> },
    { key: 'author', header: t('finance.entries.columns.author'), cell: (e) => <span className={css({ fontSize: 'xs' })}>{e.author.full_name}</span> },
    { key: 'state', header: '', cell: (e) => <State entry={e} /> },
  );
  if (reverse)
    list.push({
      key: 'actions',
      header: '',
      cell: (e) =>
        reversible(e) ? (
          <Button size="sm" variant="ghost" onClick={() => reverse(e)} data-testid="entry-reverse" title={t('finance.reverse.button')}>
            <Undo2 size={14} aria-hidden="true" />
            {t('finance.reverse.button')}
          </Button>
        ) : null,
    });
  return list;
}

/** One page of the ledger with the totals of everything the filters match; a table on wide screens, cards on phones. */
export function EntriesList({ params, onPage, showCashier = false, canReverse, emptyText }: Props) {
  const { t, lang } = useT();
  const entries = useEntries(params);
  const [reversing, setReversing] = useState<FinanceEntry | null>(null);
  const page = params.page ?? 1;
  const rows = entries.data?.results;
  const empty = entries.isError ? t('finance.entries.loadFailed') : emptyText;
  const totals = entries.data?.totals;
  return (
    <div>
      {totals ? (
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: { base: '3', md: '6' }, mb: '3', fontSize: 'sm' })} data-testid="entry-totals">
          <span>
            {t('finance.entries.totals.income')}: <Money value={totals.income} />
          </span>
          <span>
            {t('finance.entries.totals.expense')}: <Money value={totals.expense === '0.00' ? totals.expense : `-${totals.expense}`} />
          </span>
          <span className={css({ fontWeight: 'semibold' })}>
            {t('finance.entries.totals.net')}: <Money value={totals.net} />
          </span>
        </div>
      ) : null}
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table
          columns={columns(t, lang, page, showCashier, canReverse ? setReversing : null)}
          rows={rows}
          rowKey={(e) => e.id}
          loading={entries.isLoading}
          loadingText={t('cashiers.loading')}
          emptyText={empty}
          label={t('finance.entries.title')}
          testId="entries-table"
        />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        {!rows || rows.length === 0 ? (
          <p className={message}>{!rows && entries.isLoading ? t('cashiers.loading') : empty}</p>
        ) : (
          <ul className={css({ display: 'grid', gap: '2' })} aria-label={t('finance.entries.title')} data-testid="entries-cards">
            {rows.map((e, i) => (
              <li key={e.id} className={card} data-row-id={e.id}>
                <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', alignItems: 'flex-start' })}>
                  <div className={css({ minW: '0', display: 'flex', gap: '1.5' })}>
                    <span className={css({ color: 'fg.subtle' })}>{rowNumber(page, i)}.</span>
                    <What entry={e} />
                  </div>
                  <Money value={signedAmount(e)} />
                </div>
                <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                  <span className={muted}>
                    {formatDateTime(e.created_at, lang)} · {methodLabel(t, e.method)}
                    {showCashier ? ` · ${e.cashier.name}` : ''} · {e.author.full_name}
                  </span>
                  <State entry={e} />
                  {canReverse && reversible(e) ? (
                    <Button size="sm" variant="ghost" onClick={() => setReversing(e)} data-testid="entry-reverse">
                      <RotateCcw size={14} aria-hidden="true" />
                      {t('finance.reverse.button')}
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ListPagination page={page} count={entries.data?.count} onChange={onPage} />
      {reversing ? <ReverseDialog entry={reversing} onClose={() => setReversing(null)} /> : null}
    </div>
  );
}
