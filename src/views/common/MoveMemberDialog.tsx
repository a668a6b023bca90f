import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { Group } from '../../../contract/groups';
import { usePickableGroups } from '../../api/groupDetail';
import { useT } from '../../i18n/index';
import { formatDate } from '../../lib/dates';
import { connectMemberMove, type MemberMoveActorRef } from '../../machines/memberMove';
import { Button } from '../../ui/Button';
import { DateField } from '../../ui/DateField';
import { Dialog, dialogFooter } from '../../ui/Dialog';
import { Select } from '../../ui/Select';
import { FormAlert, formBody } from './formParts';
import { daysText, timeRange } from '../../lib/scheduleText';

/** Moving a member to another group of the branch: choose, confirm, save (the memberMove statechart). */
export function MoveMemberDialog({ move, group }: { move: MemberMoveActorRef; group: Group }) {
  const { t } = useT();
  const open = useSelector(move, (s) => connectMemberMove(s).open);
  const student = useSelector(move, (s) => connectMemberMove(s).student);
  return (
    <Dialog
      open={open}
      onClose={() => move.send({ type: 'move.cancel' })}
      title={t('group_detail.move.title')}
      description={student ? t('group_detail.move.description', { student: student.full_name, group: group.name }) : undefined}
      closeLabel={t('common.actions.close')}
      maxWidth="520px"
    >
      <MoveSteps move={move} group={group} />
    </Dialog>
  );
}

function MoveSteps({ move, group }: { move: MemberMoveActorRef; group: Group }) {
  const { t, lang } = useT();
  const step = useSelector(move, (s) => connectMemberMove(s).step);
  const saving = useSelector(move, (s) => connectMemberMove(s).saving);
  const context = useSelector(move, connectMemberMove);
  const groups = usePickableGroups(group.filial);
  const [target, setTarget] = useState<number | null>(context.to?.id ?? null);
  const [date, setDate] = useState(context.date);
  const choices = (groups.data ?? []).filter((g) => g.id !== group.id);
  const chosen = choices.find((g) => g.id === target) ?? null;
  const describe = (g: Group) => `${g.name} · ${daysText(g.days, t)} ${timeRange(g.start_time, g.end_time)} · ${g.teacher.full_name}`;

  if (step === 'choose') {
    return (
      <form
        noValidate
        data-testid="move-member-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen) move.send({ type: 'target.choose', group: { id: chosen.id, name: chosen.name }, date });
        }}
      >
        <div className={formBody}>
          <Select
            label={t('group_detail.move.target')}
            required
            placeholder={groups.isPending ? t('edu.list.loading') : t('group_detail.move.choose')}
            options={choices.map((g) => ({ value: g.id, label: describe(g) }))}
            value={target ?? ''}
            onChange={(e) => setTarget(e.target.value === '' ? null : Number(e.target.value))}
          />
          {groups.isSuccess && choices.length === 0 ? (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('group_detail.move.noGroups')}</p>
          ) : null}
          <DateField label={t('group_detail.move.date')} name="date" required value={date} onChange={setDate} />
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('group_detail.move.dateHint')}</p>
        </div>
        <div className={dialogFooter}>
          <Button variant="outline" onClick={() => move.send({ type: 'move.cancel' })}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" disabled={!chosen || date === ''}>
            {t('group_detail.move.next')}
          </Button>
        </div>
      </form>
    );
  }

  const error = context.error;
  return (
    <div data-testid="move-member-confirm">
      <div className={formBody}>
        <p>
          {t('group_detail.move.confirm', {
            student: context.student?.full_name ?? '',
            from: context.from?.name ?? '',
            to: context.to?.name ?? '',
            date: formatDate(context.date, lang),
          })}
        </p>
        {step === 'failed' ? (
          <FormAlert>{[error?.detail ? t(error.detail) : null, ...Object.values(error?.fields ?? {})].filter(Boolean).join(' ')}</FormAlert>
        ) : null}
      </div>
      <div className={dialogFooter}>
        <Button variant="outline" onClick={() => move.send({ type: 'move.back' })} disabled={saving}>
          {t('common.actions.back')}
        </Button>
        <Button onClick={() => move.send({ type: step === 'failed' ? 'move.retry' : 'move.confirm' })} disabled={saving}>
          {saving ? t('group_detail.saving') : step === 'failed' ? t('common.actions.retry') : t('group_detail.move.submit')}
        </Button>
      </div>
    </div>
  );
}
