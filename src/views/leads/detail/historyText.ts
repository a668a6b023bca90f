// A lead's history row in words (GET /logs/): the action, the stages it moved between, and its note — an archive
// reason key or a first-lesson day become words, anything else is shown as written.
import type { LeadLog } from '../../../../contract/leads';
import { isArchiveReason, isLeadStage } from '../../../../contract/leadStages';
import type { Lang, Translate } from '../../../i18n';
import { formatDate } from '../../../lib/dates';

const KNOWN_ACTIONS = ['create', 'update', 'stage', 'order', 'reorder', 'cancelOrder', 'archive', 'restore', 'join'];
const stageText = (stage: string | null, t: Translate) => (stage && isLeadStage(stage) ? t(`leads.stage.${stage}`) : (stage ?? ''));

/** One history row in words: what happened, the stages, and the move's note (a reason, a first-lesson day). */
export function logText(log: Pick<LeadLog, 'action' | 'from_stage' | 'to_stage' | 'comment'>, t: Translate, lang: Lang): { title: string; detail: string } {
  // A cancelled order is logged as a stage move back to waiting; it reads better by its name.
  const action = log.action === 'stage' && log.from_stage === 'ORDER_CREATED' && log.to_stage === 'KUTULMOQDA' ? 'cancelOrder' : log.action;
  const title = KNOWN_ACTIONS.includes(action) ? t(`lead_detail.history.action.${action}`) : log.action;
  const parts: string[] = [];
  if (log.from_stage && log.to_stage && log.from_stage !== log.to_stage) parts.push(`${stageText(log.from_stage, t)} → ${stageText(log.to_stage, t)}`);
  if (log.action === 'archive' && isArchiveReason(log.comment)) parts.push(t(`leads.archive_reason.${log.comment}`));
  else if ((log.action === 'order' || log.action === 'reorder' || log.action === 'join') && /^\d{4}-\d{2}-\d{2}$/.test(log.comment)) parts.push(t('lead_detail.history.firstLesson', { date: formatDate(log.comment, lang) }));
  else if (log.comment) parts.push(log.comment);
  return { title, detail: parts.join(' · ') };
}
