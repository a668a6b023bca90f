import { useMachineActor } from '../../../../app/useMachineActor';
import { ArrowRightLeft, BarChart3, UserPlus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import type { Group } from '../../../../../contract/groups';
import type { GroupMember } from '../../../../../contract/membership';
import { useGroupMembers, useRefreshGroup } from '../../../../api/groupDetail';
import { useActors, useReadablePages } from '../../../../app/hooks';
import { useT } from '../../../../i18n';
import { formatDate, toIsoDay } from '../../../../lib/dates';
import { formatMoney } from '../../../../lib/money';
import { formatPhoneInput } from '../../../../lib/phone';
import { memberMoveMachine } from '../../../../machines/memberMove';
import { Button } from '../../../../ui/Button';
import { Table, type Column } from '../../../../ui/Table';
import { AddMemberDialog } from './AddMemberDialog';
import { attendanceRate } from '../../../common/attendance/format';
import { MoveMemberDialog } from '../../../common/MoveMemberDialog';
import { StudentResultsDialog } from './StudentResultsDialog';

const actionButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  minH: '9',
  px: '2',
  borderRadius: 'control',
  fontSize: 'xs',
  fontWeight: 'medium',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
});
const card = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3' });
const muted = css({ fontSize: 'xs', color: 'fg.muted' });

/** The group's current members: when they joined, their price and attendance; add, move, results. */
export function MembersTab({ group, canChange }: { group: Group; canChange: boolean }) {
  const { t, lang } = useT();
  const { toast } = useActors();
  // Results are their own page key (GET /results/student/ needs it); an assistant may lack it.
  const canSeeResults = useReadablePages().has('results');
  const members = useGroupMembers(group.id);
  const refresh = useRefreshGroup();
  const move = useMachineActor(memberMoveMachine);
  const [adding, setAdding] = useState(false);
  const [results, setResults] = useState<GroupMember['student'] | null>(null);
  const memberIds = useMemo(() => new Set((members.data ?? []).map((m) => m.student.id)), [members.data]);

  useEffect(() => {
    const subscriptions = [move.on('toast.show', (request) => toast.send(request)), move.on('member.moved', () => void refresh())];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [move, toast, refresh]);

  const price = (m: GroupMember) => (
    <span title={t(m.price === null ? 'group_detail.members.groupPrice' : 'group_detail.members.ownPrice')}>
      {formatMoney(m.price ?? group.price)}
      {m.price !== null ? ' *' : ''}
    </span>
  );
  // The rate counts marked lessons only, so the line under it names the same lessons (not every lesson held).
  const markedLessons = (a: GroupMember['attendance']) => a.present + a.late + a.excused + a.absent;
  const rate = (m: GroupMember) => {
    const value = attendanceRate(m.attendance);
    return (
      <span title={t('group_detail.lessons.counts', m.attendance)}>
        {value === null ? '—' : `${value}%`}
        <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>
          {t('group_detail.members.lessonsOf', { attended: m.attendance.present + m.attendance.late, marked: markedLessons(m.attendance) })}
        </span>
      </span>
    );
  };
  const actions = (m: GroupMember) => (
    <div className={css({ display: 'flex', gap: '1', justifyContent: 'flex-end' })}>
      {canSeeResults ? (
        <button type="button" className={actionButton} onClick={() => setResults(m.student)}>
          <BarChart3 size={16} />
          {t('group_detail.results.open')}
        </button>
      ) : null}
      {canChange ? (
        <button
          type="button"
          className={actionButton}
          onClick={() =>
            move.send({ type: 'move.start', student: m.student, group: { id: group.id, name: group.name }, date: toIsoDay(new Date()) })
          }
        >
          <ArrowRightLeft size={16} />
          {t('group_detail.move.open')}
        </button>
      ) : null}
    </div>
  );

  const columns: Column<GroupMember>[] = [
    { key: 'n', header: '№', width: '3rem', cell: (_, i) => i + 1 },
    {
      key: 'student',
      header: t('group_detail.members.student'),
      cell: (m) => (
        <div>
          <div className={css({ fontWeight: 'medium' })}>{m.student.full_name}</div>
          <div className={muted}>{formatPhoneInput(m.student.phone)}</div>
        </div>
      ),
    },
    { key: 'joined', header: t('group_detail.members.joined'), cell: (m) => formatDate(m.joined_on, lang) },
    { key: 'price', header: t('group_detail.fields.price'), numeric: true, cell: price },
    { key: 'attendance', header: t('group_detail.members.attendance'), numeric: true, cell: rate },
    { key: 'actions', header: <span className={css({ srOnly: true })}>{t('group_detail.members.actions')}</span>, cell: actions },
  ];

  return (
    <div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3', mb: '3' })}>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          {members.data ? t('group_detail.fields.students', { count: members.data.length }) : null}
        </p>
        {canChange ? (
          <Button variant="outline" onClick={() => setAdding(true)}>
            <UserPlus size={16} />
            {t('group_detail.add.open')}
          </Button>
        ) : null}
      </div>
      {members.isError ? (
        <div role="alert" className={css({ p: '6', textAlign: 'center' })}>
          <p>{t('group_detail.failedLoad')}</p>
          <Button variant="outline" className={css({ mt: '3' })} onClick={() => void members.refetch()}>
            {t('common.actions.retry')}
          </Button>
        </div>
      ) : (
        <>
          <div className={css({ display: { base: 'none', md: 'block' } })}>
            <Table
              columns={columns}
              rows={members.data}
              rowKey={(m) => m.membership_id}
              loading={members.isPending}
              loadingText={t('edu.list.loading')}
              emptyText={t('group_detail.members.empty')}
              label={t('group_detail.tabs.students')}
              testId="members-table"
            />
          </div>
          {/* A phone gets one card per student instead of a table wider than the screen. */}
          <ul className={css({ display: { base: 'grid', md: 'none' }, gap: '2' })} aria-label={t('group_detail.tabs.students')}>
            {members.isPending ? <li className={muted}>{t('edu.list.loading')}</li> : null}
            {members.data?.length === 0 ? <li className={muted}>{t('group_detail.members.empty')}</li> : null}
            {members.data?.map((m) => (
              <li key={m.membership_id} className={card} data-testid="member-card">
                <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3' })}>
                  <div className={css({ minW: '0' })}>
                    <div className={css({ fontWeight: 'medium' })}>{m.student.full_name}</div>
                    <div className={muted}>{formatPhoneInput(m.student.phone)}</div>
                    <div className={muted}>
                      {t('group_detail.members.joined')}: {formatDate(m.joined_on, lang)}
                    </div>
                  </div>
                  <div className={css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums', fontSize: 'sm' })}>
                    {rate(m)}
                    <div className={css({ mt: '1' })}>{price(m)}</div>
                  </div>
                </div>
                <div className={css({ mt: '2', borderTopWidth: '1px', borderColor: 'border.default', pt: '1' })}>{actions(m)}</div>
              </li>
            ))}
          </ul>
        </>
      )}
      <MoveMemberDialog move={move} group={group} />
      {adding ? (
        <AddMemberDialog
          group={group}
          memberIds={memberIds}
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            toast.send({ type: 'toast.show', severity: 'success', message: 'group_detail.add.done' });
            void refresh();
          }}
        />
      ) : null}
      {results ? <StudentResultsDialog student={results} group={group} onClose={() => setResults(null)} /> : null}
    </div>
  );
}
