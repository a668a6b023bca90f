import { css } from 'styled-system/css';
import type { LeadStatistic } from '../../../../contract/leads';
import { useT } from '../../../i18n';

const chip = css({ flexShrink: 0, display: 'inline-flex', alignItems: 'baseline', gap: '1.5', px: '2.5', py: '1', borderRadius: 'control', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', fontSize: 'sm', whiteSpace: 'nowrap' });

/** How many leads each source brought in the period (GET /lid/statistic `by_source`), most first. */
export function SourceStrip({ stats, period }: { stats: LeadStatistic | undefined; period: boolean }) {
  const { t } = useT();
  if (!stats) return null;
  const rows = [...stats.by_source].sort((a, b) => b.count - a.count);
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (WCAG 2.1.1).
    <section tabIndex={0} aria-label={t('leads.stats.label')} className={css({ display: 'flex', flexWrap: { base: 'nowrap', md: 'wrap' }, overflowX: { base: 'auto', md: 'visible' }, alignItems: 'center', gap: '2', mb: '4', pb: { base: '1', md: '0' } })} data-testid="lead-sources">
      <span className={css({ fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide', me: '1', whiteSpace: 'nowrap', flexShrink: 0 })}>
        {period ? t('leads.stats.period') : t('leads.stats.allTime')} · {stats.total}
      </span>
      {rows.length === 0 ? <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('leads.stats.empty')}</span> : null}
      {rows.map((row) => (
        <span key={row.source?.id ?? 'none'} className={chip}>
          <span className={css({ color: row.source ? 'fg.default' : 'fg.muted' })}>{row.source?.name ?? t('leads.stats.noSource')}</span>
          <span className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>{row.count}</span>
        </span>
      ))}
    </section>
  );
}
