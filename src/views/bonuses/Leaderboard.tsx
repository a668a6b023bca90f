import { Trophy } from 'lucide-react';
import { css } from 'styled-system/css';
import { useBonusTop } from '../../api/bonuses';
import { useT } from '../../i18n';
import { Card } from '../../ui/Card';
import { formatCoins } from '../common/coins/coinsText';

const medal = ['#d4a017', '#9ca3af', '#b87333'];

/** The branch's top students by coins earned, with the coins they hold now. */
export function Leaderboard({ filial }: { filial: number }) {
  const { t } = useT();
  const top = useBonusTop(filial);
  const rows = top.data ?? [];
  return (
    <Card>
      <h2 className={css({ fontSize: 'md', fontWeight: 'semibold', mb: '3', display: 'flex', alignItems: 'center', gap: '2' })}>
        <Trophy size={18} aria-hidden="true" />
        {t('bonuses.top.title')}
      </h2>
      {top.isLoading ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('bonuses.loading')}</p> : null}
      {top.isSuccess && rows.length === 0 ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('bonuses.top.empty')}</p> : null}
      <ol className={css({ display: 'grid', gap: '1' })} data-testid="bonus-leaderboard">
        {rows.map((r, i) => (
          <li key={r.student.id} className={css({ display: 'flex', alignItems: 'center', gap: '3', py: '1.5', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0' } })}>
            <span
              aria-label={`${t('bonuses.top.rank')} ${i + 1}`}
              className={css({ w: '7', h: '7', flexShrink: 0, display: 'grid', placeItems: 'center', borderRadius: 'full', fontSize: 'xs', fontWeight: 'bold', bg: 'bg.muted' })}
              style={i < 3 ? { background: medal[i], color: 'white' } : undefined}
            >
              {i + 1}
            </span>
            <span className={css({ flex: '1', minW: '0', fontSize: 'sm', fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{r.student.name}</span>
            <span className={css({ textAlign: 'end', fontSize: 'sm' })}>
              <span className={css({ display: 'block', fontWeight: 'semibold', color: 'success.default' })} title={t('bonuses.top.earned')}>
                +{formatCoins(r.earned)}
              </span>
              <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'xs' })}>
                {t('bonuses.top.held')}: {formatCoins(r.coins)}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
