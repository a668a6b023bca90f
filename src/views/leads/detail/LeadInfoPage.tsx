// /leads/lead_info?id=: one lead — its card, the stage moves the pipeline allows, its order, documents, comments
// and history.
import { ClipboardList, Pencil } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Link, useSearchParams } from 'wouter';
import type { Lead } from '../../../../contract/leads';
import { useLead } from '../../../api/leadDetail';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { button, Button } from '../../../ui/Button';
import { LeadComments } from './LeadComments';
import { LeadDocuments } from './LeadDocuments';
import { LeadEditDialog } from './LeadEditDialog';
import { LeadFacts } from './LeadFacts';
import { LeadHistory } from './LeadHistory';
import { BackLink, column, detailLayout, Fact, factGrid, idParam, LoadState, Panel, StageBadges, useCanWriteLeads } from './parts';
import { JoinedNotice } from './JoinedNotice';
import { StageControls } from './StageControls';
import { useLeadStage } from './useLeadStage';
import NotFoundPage from '../../common/NotFoundPage';

export default function LeadInfoPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const id = idParam(params);
  if (id === null) return <NotFoundPage />;
  return <LeadInfo key={id} id={id} back={<BackLink href="/leads" label={t('lead_detail.back')} />} />;
}

function LeadInfo({ id, back }: { id: number; back: React.ReactNode }) {
  const lead = useLead(id);
  if (!lead.isSuccess) return <LoadState query={lead} back={back} />;
  return <LeadView lead={lead.data} back={back} />;
}

function LeadView({ lead, back }: { lead: Lead; back: React.ReactNode }) {
  const { t, lang } = useT();
  const canWrite = useCanWriteLeads();
  const actor = useLeadStage(lead);
  const [editing, setEditing] = useState(false);

  return (
    <section data-testid="lead-info" data-lead-id={lead.id}>
      <div className={css({ mb: '2' })}>{back}</div>
      <header className={css({ display: 'grid', gap: '3' })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
          <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{lead.full_name}</h1>
          <StageBadges lead={lead} />
        </div>
        {canWrite ? (
          <StageControls actor={actor} lead={lead}>
            <Button variant="outline" onClick={() => setEditing(true)} data-testid="lead-edit">
              <Pencil size={16} />
              {t('lead_detail.actions.edit')}
            </Button>
          </StageControls>
        ) : null}
      </header>
      {lead.stage === 'JOINED' ? <JoinedNotice lead={lead} /> : null}
      <div className={detailLayout}>
        <div className={column}>
          <Panel title={t('lead_detail.fields.details')}>
            <LeadFacts lead={lead} />
          </Panel>
          {lead.order_group ? (
            <Panel
              title={t('lead_detail.fields.order')}
              testId="lead-order"
              actions={
                lead.stage === 'ORDER_CREATED' ? (
                  <Link href={`/leads/orders/info?id=${lead.id}`} className={button({ variant: 'outline', size: 'sm' })}>
                    <ClipboardList size={16} />
                    {t('lead_detail.actions.openOrder')}
                  </Link>
                ) : null
              }
            >
              <dl className={factGrid}>
                <Fact label={t('lead_detail.fields.group')}>{lead.order_group.name}</Fact>
                <Fact label={t('lead_detail.fields.firstLesson')}>{formatDate(lead.first_lesson_date, lang) || t('lead_detail.none')}</Fact>
              </dl>
            </Panel>
          ) : null}
          <Panel title={t('lead_detail.documents.title')}>
            <LeadDocuments leadId={lead.id} />
          </Panel>
        </div>
        <div className={column}>
          <LeadComments leadId={lead.id} filial={lead.filial} />
          <LeadHistory leadId={lead.id} />
        </div>
      </div>
      {editing ? <LeadEditDialog lead={lead} onClose={() => setEditing(false)} /> : null}
    </section>
  );
}
