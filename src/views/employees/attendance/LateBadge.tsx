import { useT } from '../../../i18n';
import { Badge } from '../../../ui/Badge';

/** Late minutes: a red chip when late, a muted 0 otherwise. */
export function LateBadge({ minutes }: { minutes: number }) {
  const { t } = useT();
  return (
    <span data-testid="late-minutes" data-late={minutes}>
      {minutes > 0 ? <Badge tone="danger">{t('timetracker.minutes', { count: minutes })}</Badge> : <span style={{ color: 'var(--colors-fg-muted)' }}>0</span>}
    </span>
  );
}
