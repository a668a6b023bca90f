// /leads/orders/info?id=<lead id>: a lead's order — the group (teacher, room, days and time), the first lesson,
// the lead's contacts — and what the office does with it: "came to the first lesson → student", change the group
// or date, cancel, archive. History and comments are the lead page's parts.
import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Link, useSearchParams } from 'wouter';
import type { Lead } from '../../../../contract/leads';
import { isLeadStage } from '../../../../contract/leadStages';
import { useGroup } from '../../../api/groupDetail';
import { useLead } from '../../../api/leadDetail';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { formatPhone } from '../../../lib/phoneText';
import { daysText, timeRange } from '../../../lib/scheduleText';
import { button } from '../../../ui/Button';
import NotFoundPage from '../../common/NotFoundPage';
import { LeadComments } from './LeadComments';
import { LeadHistory } from './LeadHistory';
import { JoinedNotice } from './JoinedNotice';
import { BackLink, column, detailLayout, Fact, factGrid, idParam, LoadState, muted, Panel, StageBadges, useCanWriteLeads } from './parts';
import { StageControls } from './StageControls';
import { useLeadStage } from './useLeadStage';

export default function OrderInfoPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const id = idParam(params);
  if (id === null) return <NotFoundPage />;
  return <OrderInfo key={id} id={id} back={<BackLink href="/leads/orders" label={t('lead_detail.backOrders')} />} />;
}

function OrderInfo({ id, back }: { id: number; back: ReactNode }) {
  const lead = useLead(id);
  if (!lead.isSuccess) return <LoadState query={lead} back={back} />;
  return <OrderView lead={lead.data} back={back} />;
}

function OrderView({ lead, back }: { lead: Lead; back: ReactNode }) {
  const { t } = useT();
  const canWrite = useCanWriteLeads();
  const actor = useLeadStage(lead);
  const ordered = lead.stage === 'ORDER_CREATED' || lead.stage === 'JOINED';

  return (
    <section data-testid="order-info" data-lead-id={lead.id}>
      <div className={css({ mb: '2' })}>{back}</div>
      <header className={css({ display: 'grid', gap: '3' })}>
        <div>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('lead_detail.orderPage.title')}</p>
          <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
            <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{lead.full_name}</h1>
            <StageBadges lead={lead} />
          </div>
        </div>
        {canWrite ? (
          <StageControls
            actor={actor}
            lead={lead}
            only={['join', 'cancelOrder', 'order', 'archive', 'restore']}
            offerChange
            after={
              <Link href={`/leads/lead_info?id=${lead.id}`} className={button({ variant: 'ghost' })}>
                <UserRound size={16} />
                {t('lead_detail.actions.openLead')}
              </Link>
            }
          />
        ) : null}
      </header>
      {lead.stage === 'JOINED' ? <JoinedNotice lead={lead} /> : null}
      <div className={detailLayout}>
        <div className={column}>
          {ordered && lead.order_group ? (
            <OrderPanel lead={lead} groupId={lead.order_group.id} />
          ) : (
            <Panel title={t('lead_detail.fields.order')} testId="order-missing">
              <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                {t('lead_detail.orderPage.notOrdered')}{' '}
                {isLeadStage(lead.stage) ? t('lead_detail.orderPage.stageNow', { stage: t(`leads.stage.${lead.stage}`) }) : null}
              </p>
            </Panel>
          )}
          <Panel title={t('lead_detail.fields.contacts')}>
            <dl className={factGrid}>
              <Fact label={t('lead_detail.fields.phone')}>
                <a href={`tel:${lead.phone}`}>{formatPhone(lead.phone)}</a>
                {lead.extra_phone ? <span className={muted}>{formatPhone(lead.extra_phone)}</span> : null}
              </Fact>
              <Fact label={t('lead_detail.fields.operator')}>{lead.operator?.full_name ?? t('lead_detail.none')}</Fact>
              <Fact label={t('lead_detail.fields.subject')}>{[lead.subject?.name, lead.level?.name].filter(Boolean).join(' · ') || t('lead_detail.none')}</Fact>
              <Fact label={t('lead_detail.fields.source')}>{lead.source?.name ?? t('lead_detail.none')}</Fact>
              <Fact label={t('lead_detail.fields.comment')} wide>
                {lead.comment || t('lead_detail.none')}
              </Fact>
            </dl>
          </Panel>
        </div>
        <div className={column}>
          <LeadComments leadId={lead.id} filial={lead.filial} />
          <LeadHistory leadId={lead.id} />
        </div>
      </div>
    </section>
  );
}

/** The order's group as the administrator needs it at the door: who teaches, where, when. */
function OrderPanel({ lead, groupId }: { lead: Lead; groupId: number }) {
  const { t, lang } = useT();
  const group = useGroup(groupId);
  const g = group.data;
  const pending = group.isPending ? t('lead_detail.loading') : t('lead_detail.none');
  return (
    <Panel title={t('lead_detail.fields.order')} testId="order-group">
      <dl className={factGrid}>
        <Fact label={t('lead_detail.fields.group')} testId="order-group-name">
          {lead.order_group?.name}
          {g ? <span className={muted}>{g.course.name}</span> : null}
        </Fact>
        <Fact label={t('lead_detail.fields.firstLesson')} testId="order-first-lesson">
          {formatDate(lead.first_lesson_date, lang) || t('lead_detail.none')}
        </Fact>
        <Fact label={t('lead_detail.fields.teacher')}>{g ? g.teacher.full_name : pending}</Fact>
        <Fact label={t('lead_detail.fields.room')}>{g ? g.room.name : pending}</Fact>
        <Fact label={t('lead_detail.fields.schedule')}>{g ? (
            <>
              {daysText(g.days, t)} · <span className={css({ whiteSpace: 'nowrap' })}>{timeRange(g.start_time, g.end_time)}</span>
            </>
          ) : (
            pending
          )}</Fact>
        <Fact label={t('lead_detail.fields.period')}>{g ? `${formatDate(g.start_date, lang)} – ${formatDate(g.end_date, lang)}` : pending}</Fact>
      </dl>
    </Panel>
  );
}
