import type { LeadStage } from '../../../../contract/leads';
import { useT } from '../../../i18n';
import { Badge } from '../../../ui/Badge';

const TONES = { YANGI_LEAD: 'info', KUTULMOQDA: 'accent', ORDER_CREATED: 'success', JOINED: 'neutral' } as const;

/** The lead's stage; an archived lead shows "Archived" (its stage is kept beside the flag). */
export function LeadStageBadge({ stage, archived }: { stage: LeadStage; archived: boolean }) {
  const { t } = useT();
  if (archived) return <Badge tone="neutral">{t('leads.stage.archived')}</Badge>;
  return <Badge tone={TONES[stage]}>{t(`leads.stage.${stage}`)}</Badge>;
}
