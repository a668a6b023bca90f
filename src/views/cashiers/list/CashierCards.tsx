import { Archive, ArchiveRestore, UserRound } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { Cashier } from '../../../../contract/finance';
import { useT } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { cashierHref } from '../../common/money/financeText';
import { Money } from '../../common/money/Money';
import { MethodBalances } from './MethodBalances';

const grid = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' } });
const card = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '4', display: 'grid', gap: '3', alignContent: 'start' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

type Props = {
  cashiers: readonly Cashier[] | undefined;
  loading: boolean;
  emptyText: string;
  /** Archive (active list) or bring back (archive list); absent when the user may not. */
  onArchive?: (c: Cashier) => void;
  archived?: boolean;
};

/** Cashiers as cards: name, responsible employee, total balance and the methods that hold money. */
export function CashierCards({ cashiers, loading, emptyText, onArchive, archived = false }: Props) {
  const { t } = useT();
  if (!cashiers || cashiers.length === 0) return <p className={message}>{!cashiers && loading ? t('cashiers.loading') : emptyText}</p>;
  return (
    <ul className={grid} aria-label={t(archived ? 'cashiers.archiveTitle' : 'cashiers.title')} data-testid="cashier-cards">
      {cashiers.map((c) => (
        <li key={c.id} className={card} data-cashier-id={c.id} data-testid="cashier-card">
          <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '2' })}>
            <div className={css({ minW: '0' })}>
              {archived ? (
                <span className={css({ fontWeight: 'semibold', fontSize: 'md' })}>{c.name}</span>
              ) : (
                <Link href={cashierHref(c.id)} className={css({ fontWeight: 'semibold', fontSize: 'md', color: 'accent.fg', _hover: { textDecoration: 'underline' } })}>
                  {c.name}
                </Link>
              )}
              <div className={css({ display: 'flex', alignItems: 'center', gap: '1', color: 'fg.muted', fontSize: 'sm', mt: '0.5' })}>
                <UserRound size={14} aria-hidden="true" />
                {c.employee?.full_name ?? t('cashiers.noEmployee')}
              </div>
            </div>
            <div className={css({ textAlign: 'end' })}>
              <div className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('cashiers.balance')}</div>
              {/* The card's main figure: the full amount, on a phone too (issue 15). */}
              <div className={css({ fontSize: 'lg' })} data-testid="cashier-card-balance">
                <Money value={c.balance} />
              </div>
            </div>
          </div>
          <MethodBalances balances={c.balances} short />
          {onArchive ? (
            <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
              <Button size="sm" variant="ghost" onClick={() => onArchive(c)} data-testid={archived ? 'cashier-restore' : 'cashier-archive'}>
                {archived ? <ArchiveRestore size={14} aria-hidden="true" /> : <Archive size={14} aria-hidden="true" />}
                {t(archived ? 'cashiers.archive.restore' : 'cashiers.archive.archive')}
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
