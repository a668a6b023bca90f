// Small pieces both pages use: a labelled fact, a titled panel, the stage badge and the loading/missing states.
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { Lead } from '../../../../contract/leads';
import type { LeadStage } from '../../../../contract/leadStages';
import { ApiError } from '../../../api/errors';
import { useReadablePages } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { Badge } from '../../../ui/Badge';
import { button, Button } from '../../../ui/Button';

const STAGE_TONE: Record<LeadStage, 'info' | 'neutral' | 'accent' | 'success'> = {
  YANGI_LEAD: 'info',
  KUTULMOQDA: 'neutral',
  ORDER_CREATED: 'accent',
  JOINED: 'success',
};

/** The lead's stage, and "archived" beside it when it is archived (the stage is kept for a restore). */
export function StageBadges({ lead }: { lead: Pick<Lead, 'stage' | 'is_archived'> }) {
  const { t } = useT();
  return (
    <span className={css({ display: 'inline-flex', gap: '1.5', flexWrap: 'wrap' })} data-testid="lead-stage" data-stage={lead.stage} data-archived={lead.is_archived}>
      <Badge tone={STAGE_TONE[lead.stage]}>{t(`leads.stage.${lead.stage}`)}</Badge>
      {lead.is_archived ? <Badge tone="danger">{t('lead_detail.archivedBadge')}</Badge> : null}
    </span>
  );
}

export const factGrid = css({
  display: 'grid',
  // Two columns even on a phone: the values are short; the comment spans both.
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  columnGap: '4',
  rowGap: '3',
});

export function Fact({ label, children, testId, wide }: { label: string; children: ReactNode; testId?: string; wide?: boolean }) {
  return (
    <div data-testid={testId} className={wide ? css({ gridColumn: '1 / -1' }) : undefined}>
      <dt className={css({ fontSize: 'xs', color: 'fg.muted' })}>{label}</dt>
      <dd className={css({ fontWeight: 'medium', mt: '0.5', overflowWrap: 'anywhere', whiteSpace: 'pre-line' })}>{children}</dd>
    </div>
  );
}

export const muted = css({ display: 'block', fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' });

const panel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: { base: '4', md: '5' }, minW: '0' });

/** A titled box of the page (facts, history, comments). */
export function Panel({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className={panel} data-testid={testId} aria-label={title}>
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', mb: '3', flexWrap: 'wrap' })}>
        <h2 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className={button({ variant: 'ghost', size: 'sm' })}>
      <ArrowLeft size={16} aria-hidden="true" />
      {label}
    </Link>
  );
}

/** Loading, missing (404: not there or another branch) or failed, with a retry. */
export function LoadState({ query, back }: { query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }; back: ReactNode }) {
  const { t } = useT();
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <section>
      {back}
      <div className={css({ py: '12', textAlign: 'center', color: 'fg.muted' })} role={query.isError ? 'alert' : undefined}>
        {query.isPending ? t('lead_detail.loading') : missing ? t('lead_detail.notFound') : t('lead_detail.failedLoad')}
        {query.isError && !missing ? (
          <div>
            <Button variant="outline" className={css({ mt: '3' })} onClick={() => void query.refetch()}>
              {t('common.actions.retry')}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** `?id=` of a detail page, or null when it is not a positive integer. */
export function idParam(search: URLSearchParams): number | null {
  const id = Number(search.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const detailLayout = css({
  display: 'grid',
  gap: '4',
  mt: '4',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
  alignItems: 'start',
});
export const column = css({ display: 'grid', gap: '4', minW: '0' });

/** Writing a lead needs new_leads or orders (the server's rule); archived_leads alone only reads. */
export function useCanWriteLeads(): boolean {
  const pages = useReadablePages();
  return pages.has('new_leads') || pages.has('orders');
}
