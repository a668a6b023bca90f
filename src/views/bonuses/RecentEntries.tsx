import { css } from 'styled-system/css';
import type { BonusEntry } from '../../../contract/bonuses';
import { useBonusEntries } from '../../api/bonuses';
import { currentLang, useT } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { Table, type Column } from '../../ui/Table';
import { ListPagination } from '../common/ListPagination';
import { signedCoins } from '../common/coins/coinsText';

const cards = css({ display: 'grid', gap: '2' });
const card = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1', fontSize: 'sm' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

/** Awards green, spendings red (the money colours of the app). */
function Coins({ entry }: { entry: BonusEntry }) {
  return (
    <span className={css({ fontWeight: 'semibold', whiteSpace: 'nowrap', color: entry.coins > 0 ? 'success.default' : 'danger.default' })} data-testid="entry-coins">
      {signedCoins(entry.coins)}
    </span>
  );
}

const PAGE_SIZE = 15;

/** The branch's bonus entries, newest first (awards and shop spendings): a table, or cards on a phone. */
export function RecentEntries({ filial, page, onPage }: { filial: number; page: number; onPage: (page: number) => void }) {
  const { t } = useT();
  const lang = currentLang();
  const entries = useBonusEntries(filial, page);
  const rows = entries.data?.results;
  const reason = (e: BonusEntry) => (e.purchase ? `${t('bonuses.recent.spent')}: ${e.reason}` : e.reason);
  const columns: Column<BonusEntry>[] = [
    { key: 'date', header: t('bonuses.columns.date'), cell: (r) => formatDateTime(r.created_at, lang), width: '150px' },
    { key: 'student', header: t('bonuses.columns.student'), cell: (r) => <span className={css({ fontWeight: 'medium' })}>{r.student.name}</span> },
    { key: 'coins', header: t('bonuses.columns.coins'), cell: (r) => <Coins entry={r} />, numeric: true },
    { key: 'reason', header: t('bonuses.columns.reason'), cell: reason },
    { key: 'author', header: t('bonuses.columns.author'), cell: (r) => r.author.name },
  ];
  return (
    <section aria-labelledby="bonus-recent">
      <h2 id="bonus-recent" className={css({ fontSize: 'md', fontWeight: 'semibold', mb: '3' })}>
        {t('bonuses.recent.title')}
      </h2>
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table columns={columns} rows={rows} rowKey={(r) => r.id} loading={entries.isLoading} loadingText={t('bonuses.loading')} emptyText={t('bonuses.recent.empty')} label={t('bonuses.recent.title')} testId="bonus-entries-table" />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        {!rows || rows.length === 0 ? (
          <p className={message}>{entries.isLoading ? t('bonuses.loading') : t('bonuses.recent.empty')}</p>
        ) : (
          <ul className={cards} aria-label={t('bonuses.recent.title')}>
            {rows.map((e) => (
              <li key={e.id} className={card}>
                <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
                  <span className={css({ fontWeight: 'semibold' })}>{e.student.name}</span>
                  <Coins entry={e} />
                </div>
                <span>{reason(e)}</span>
                <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
                  {formatDateTime(e.created_at, lang)} · {e.author.name}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ListPagination page={page} count={entries.data?.count} onChange={onPage} pageSize={PAGE_SIZE} />
    </section>
  );
}
