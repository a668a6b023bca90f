import { useSelector } from '@xstate/react';
import type { Lead } from '../../../../contract/leads';
import { isArchiveReason } from '../../../../contract/leadStages';
import { hhmm } from '../../../../contract/schedule';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { formatPhone } from '../../../lib/phoneText';
import { daysText } from '../../../lib/scheduleText';
import { Fact, factGrid, muted } from './parts';
import { connectBranch } from '../../../machines/branch';

/** The branch's name from the branch switcher's list (the lead carries only its id). */
export function useBranchName(id: number): string | null {
  const { branch } = useActors();
  return useSelector(branch, (s) => connectBranch(s).branchOptions.find((b) => b.id === id)?.name ?? null);
}

/** The lead's contacts and wishes, as the call operator took them. */
export function LeadFacts({ lead }: { lead: Lead }) {
  const { t, lang } = useT();
  const branch = useBranchName(lead.filial);
  const none = t('lead_detail.none');
  const preferred = [lead.preferred_days.length ? daysText(lead.preferred_days, t) : '', lead.preferred_time ? hhmm(lead.preferred_time) : ''].filter(Boolean).join(' · ');
  return (
    <dl className={factGrid} data-testid="lead-facts">
      <Fact label={t('lead_detail.fields.phone')} testId="lead-phone">
        <a href={`tel:${lead.phone}`}>{formatPhone(lead.phone)}</a>
        {lead.extra_phone ? (
          <span className={muted}>
            {t('lead_detail.fields.extraPhone')}: <a href={`tel:${lead.extra_phone}`}>{formatPhone(lead.extra_phone)}</a>
          </span>
        ) : null}
      </Fact>
      <Fact label={t('lead_detail.fields.branch')}>{branch ?? none}</Fact>
      <Fact label={t('lead_detail.fields.subject')}>{[lead.subject?.name, lead.level?.name].filter(Boolean).join(' · ') || none}</Fact>
      <Fact label={t('lead_detail.fields.source')}>{lead.source?.name ?? none}</Fact>
      <Fact label={t('lead_detail.fields.preferred')}>{preferred || none}</Fact>
      <Fact label={t('lead_detail.fields.operator')}>{lead.operator?.full_name ?? none}</Fact>
      <Fact label={t('lead_detail.fields.created')}>{formatDateTime(lead.created_at, lang)}</Fact>
      {lead.is_archived && lead.archived_reason ? (
        <Fact label={t('lead_detail.fields.archivedReason')}>
          {isArchiveReason(lead.archived_reason) ? t(`leads.archive_reason.${lead.archived_reason}`) : lead.archived_reason}
        </Fact>
      ) : null}
      <Fact label={t('lead_detail.fields.comment')} wide>
        {lead.comment || none}
      </Fact>
    </dl>
  );
}
