// The stage buttons of a lead, driven by the leadStage statechart: only the moves the pipeline allows from the
// lead's stage (connectLeadStage), none while one is being saved; a refused move shows the server's words with a retry.
import { useSelector } from '@xstate/react';
import { Archive, CalendarPlus, Clock, Repeat, RotateCcw, UserCheck, X } from 'lucide-react';
import { Fragment, useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { Lead } from '../../../../contract/leads';
import type { LeadMoveType } from '../../../../contract/leadStages';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { connectLeadStage, LEAD_MOVE_MESSAGES, type LeadStageActorRef } from '../../../machines/leadStage';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ArchiveDialog } from './ArchiveDialog';
import { OrderDialog } from './OrderDialog';
import { firstLessonCame } from './orderRules';
import { centreToday } from '../../../../contract/centreDay';

type Dialog = 'order' | 'archive' | 'join' | 'cancelOrder' | 'changeOrder' | null;

const ICONS: Record<LeadMoveType, ReactNode> = {
  wait: <Clock size={16} />,
  order: <CalendarPlus size={16} />,
  changeOrder: <Repeat size={16} />,
  join: <UserCheck size={16} />,
  cancelOrder: <X size={16} />,
  archive: <Archive size={16} />,
  restore: <RotateCcw size={16} />,
};

/** The moves shown, in this order; a page may offer fewer (`only`). Changing an order sits beside cancelling it. */
const ORDER: LeadMoveType[] = ['join', 'wait', 'order', 'restore', 'cancelOrder', 'archive'];

/**
 * `offerChange` adds "change group or date" to an order: the order dialog with the current group, saved as one
 * move (changeOrder); closing the dialog leaves the order as it was.
 */
export function StageControls({
  actor,
  lead,
  only,
  offerChange,
  children,
  after,
}: {
  actor: LeadStageActorRef;
  lead: Lead;
  only?: readonly LeadMoveType[];
  offerChange?: boolean;
  /** Shown before the moves (e.g. Edit). */
  children?: ReactNode;
  /** Shown after the moves (e.g. a link to the lead). */
  after?: ReactNode;
}) {
  const { t, lang } = useT();
  const { moves, saving, error } = useSelector(actor, connectLeadStage);
  const [dialog, setDialog] = useState<Dialog>(null);
  const shown = ORDER.filter((m) => moves.includes(m) && (!only || only.includes(m)));
  const close = () => setDialog(null);
  const joinable = firstLessonCame(lead.first_lesson_date, centreToday());

  const press = (move: LeadMoveType) => {
    if (move === 'wait') actor.send({ type: 'lead.wait' });
    else if (move === 'restore') actor.send({ type: 'lead.restore' });
    else setDialog(move);
  };

  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      <div role="group" aria-label={t('lead_detail.actions.label')} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })} data-testid="lead-moves">
        {children}
        {shown.map((move) => (
          <Fragment key={move}>
            <Button
              variant={move === 'join' || (move === 'order' && !moves.includes('join')) ? 'solid' : 'outline'}
              onClick={() => press(move)}
              disabled={move === 'join' && !joinable}
              title={move === 'join' && !joinable ? t('lead_detail.join.notYet', { date: formatDate(lead.first_lesson_date, lang) }) : undefined}
              data-testid={`lead-move-${move}`}
            >
              {ICONS[move]}
              {t(`lead_detail.actions.${move}`)}
            </Button>
            {move === 'cancelOrder' && offerChange && moves.includes('changeOrder') ? (
              <Button variant="outline" onClick={() => setDialog('changeOrder')} data-testid="lead-move-change">
                {ICONS.changeOrder}
                {t('lead_detail.change.title')}
              </Button>
            ) : null}
          </Fragment>
        ))}
        {after}
        {saving ? (
          <span className={css({ alignSelf: 'center', fontSize: 'sm', color: 'fg.muted' })} role="status">
            {t('lead_detail.saving')}
          </span>
        ) : null}
      </div>
      {error ? (
        <div role="alert" data-testid="lead-move-error" className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', p: '3', borderRadius: 'control', bg: 'danger.subtle', color: 'danger.default', fontSize: 'sm' })}>
          <span className={css({ flex: '1', minW: '40' })}>
            {error === LEAD_MOVE_MESSAGES.failed ? t(error) : `${t('lead_detail.moveFailed')} ${error}`}
          </span>
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'lead.retry' })}>
            {t('common.actions.retry')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'lead.dismiss' })}>
            {t('lead_detail.actions.dismiss')}
          </Button>
        </div>
      ) : null}
      {dialog === 'order' || dialog === 'changeOrder' ? (
        <OrderDialog
          lead={lead}
          change={dialog === 'changeOrder'}
          onClose={close}
          onOrder={(order) => {
            close();
            actor.send({ type: dialog === 'order' ? 'lead.order' : 'lead.changeOrder', ...order });
          }}
        />
      ) : null}
      {dialog === 'archive' ? (
        <ArchiveDialog
          onClose={close}
          onArchive={(reason) => {
            close();
            actor.send({ type: 'lead.archive', reason });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === 'join'}
        title={t('lead_detail.join.title')}
        description={t('lead_detail.join.description', {
          name: lead.full_name,
          group: lead.order_group?.name ?? '',
          date: formatDate(lead.first_lesson_date, lang),
        })}
        cancelLabel={t('common.actions.cancel')}
        confirmLabel={t('lead_detail.join.submit')}
        onCancel={close}
        onConfirm={() => {
          close();
          actor.send({ type: 'lead.join' });
        }}
      />
      <CancelOrderDialog
        open={dialog === 'cancelOrder'}
        onCancel={close}
        onConfirm={() => {
          close();
          actor.send({ type: 'lead.cancelOrder' });
        }}
      />
    </div>
  );
}

/** "Cancel the order?": the lead goes back to waiting (the lead page and the board ask the same). */
export function CancelOrderDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useT();
  return (
    <ConfirmDialog
      open={open}
      title={t('lead_detail.actions.cancelOrder')}
      description={t('lead_detail.cancel.description')}
      cancelLabel={t('common.actions.back')}
      confirmLabel={t('lead_detail.actions.cancelOrder')}
      tone="danger"
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
