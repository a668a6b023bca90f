import { useSelector } from '@xstate/react';
import { useMachineActor } from '../../../app/useMachineActor';
import { ArrowLeft, ArrowRightLeft, Pencil, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { Membership } from '../../../../contract/membership';
import type { StudentDetail } from '../../../../contract/students';
import { ApiError } from '../../../api/errors';
import { useGroup } from '../../../api/groupDetail';
import { cancelScheduledFreeze, useRefreshStudent, useStudent } from '../../../api/studentDetail';
import { useActors, useReadablePages } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { connectBranch } from '../../../machines/branch';
import { memberMoveMachine, type MemberMoveActorRef } from '../../../machines/memberMove';
import { connectStudentStatus, studentStatusMachine, type StudentCard } from '../../../machines/studentStatus';
import { button, Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Tabs } from '../../../ui/Tabs';
import { intParam, useQueryParams } from '../../common/useQueryParams';
import { MoveMemberDialog } from '../../common/MoveMemberDialog';
import { useWrite } from '../../common/useWrite';
import { AddToGroupDialog } from './AddToGroupDialog';
import { ArchiveDialog } from './ArchiveDialog';
import { AttendanceTab } from './AttendanceTab';
import { CommentsTab } from './CommentsTab';
import { EditStudentDialog } from './EditStudentDialog';
import { FreezeDialog } from './FreezeDialog';
import { GroupsTab } from './GroupsTab';
import { HistoryTab } from './HistoryTab';
import { MessagesTab } from './MessagesTab';
import { ParentsTab } from './ParentsTab';
import { PaymentsTab } from './payments/PaymentsTab';
import { freezeScheduled, splitMemberships, studentActions, type PageMove } from './studentActions';
import { addDays, centreToday } from '../../../../contract/centreDay';
import { StudentHeader } from './StudentHeader';

export const TABS = ['groups', 'payments', 'attendance', 'comments', 'parents', 'messages', 'history'] as const;
type Tab = (typeof TABS)[number];
type Open = 'freeze' | 'archive' | 'edit' | 'add' | 'activate' | 'unfreeze' | 'unarchive' | 'cancelFreeze' | null;

const cardOf = (s: StudentDetail): StudentCard => ({
  id: s.id,
  status: s.is_archived ? 'archived' : s.status,
  archived_from_status: s.archived_from_status,
});

/** /students/info?id=<id>: the student, their status moves, and the tabs (in the query as `tab`). */
export default function StudentInfoPage() {
  const { t } = useT();
  const [params] = useQueryParams();
  const id = intParam(params, 'id');
  const student = useStudent(id ?? 0);
  const back = (
    <Link href="/students" className={button({ variant: 'ghost', size: 'sm' })}>
      <ArrowLeft size={16} aria-hidden="true" />
      {t('student_detail.back')}
    </Link>
  );
  if (id === undefined || student.isPending || student.isError) {
    const missing = id === undefined || (student.error instanceof ApiError && student.error.status === 404);
    return (
      <section>
        {back}
        <div className={css({ py: '12', textAlign: 'center', color: 'fg.muted' })} role={student.isError || missing ? 'alert' : undefined}>
          {missing ? t('student_detail.notFound') : student.isPending ? t('student_detail.loading') : t('student_detail.failedLoad')}
          {student.isError && !missing ? (
            <div>
              <Button variant="outline" className={css({ mt: '3' })} onClick={() => void student.refetch()}>
                {t('common.actions.retry')}
              </Button>
            </div>
          ) : null}
        </div>
      </section>
    );
  }
  return <StudentView key={student.data.id} student={student.data} back={back} />;
}

function StudentView({ student, back }: { student: StudentDetail; back: React.ReactNode }) {
  const { t } = useT();
  const { toast, branch } = useActors();
  const readable = useReadablePages();
  const refresh = useRefreshStudent();
  const [params, setParams] = useQueryParams();
  const today = useMemo(() => centreToday(), []);
  const [open, setOpen] = useState<Open>(null);

  // The status statechart shows a move at once and saves it; the card refetched after any write re-syncs it.
  const status = useMachineActor(studentStatusMachine, { input: { student: cardOf(student) } });
  const move = useMachineActor(memberMoveMachine);
  const [movingFrom, setMovingFrom] = useState<number | null>(null);
  useEffect(() => {
    const subscriptions = [
      status.on('toast.show', (request) => toast.send(request)),
      status.on('student.moved', () => void refresh()),
      move.on('toast.show', (request) => toast.send(request)),
      move.on('member.moved', () => void refresh()),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [status, move, toast, refresh]);
  useEffect(() => {
    status.send({ type: 'student.sync', student: cardOf(student) });
  }, [status, student]);

  const { status: shown, moves, saving, error } = useSelector(status, connectStudentStatus);
  const branchName = useSelector(branch, (s) => connectBranch(s).branchOptions).find((b) => b.id === student.filial)?.name ?? '';

  const canGroups = readable.has('groups');
  const current = splitMemberships(
    student.memberships.map((m) => ({ ...m, left_on: null })),
    today,
  ).current;
  // The legal moves come from the status machine's connect; the page adds only what depends on the page.
  const actions = studentActions(shown, current.length);
  const show = (m: PageMove) => moves.includes(m);

  // A freeze still to come is cancelled outside the status chart: the student is active before and after.
  const scheduledFreeze = shown === 'active' && freezeScheduled(student, today);
  const cancelFreezeWrite = useWrite(
    async () => {
      await cancelScheduledFreeze(student.id);
      await refresh();
    },
    { success: 'student_detail.freezeCancelled', failureToast: 'student_status.move.failed', repeatable: true },
  );
  const cancelling = cancelFreezeWrite.submitting;

  const tabParam = params.get('tab') ?? '';
  const tab: Tab = (TABS as readonly string[]).includes(tabParam) ? (tabParam as Tab) : 'groups';
  const page = intParam(params, 'page') ?? 1;
  const range = { from: params.get('from') ?? addDays(today, -30), to: params.get('to') ?? today };

  const startMove = (m: { group: { id: number; name: string } }) => {
    setMovingFrom(m.group.id);
    move.send({ type: 'move.start', student: { id: student.id, full_name: student.full_name }, group: m.group, date: today });
  };
  const moveFromHeader = () => {
    // One group: move from it; several: the groups tab lists each with its own move button.
    if (current.length === 1) startMove(current[0]);
    else setParams({ tab: 'groups', page: null });
  };

  const headerActions = (
    <>
      {show('activate') ? (
        <Button size="sm" onClick={() => setOpen('activate')} disabled={saving} data-testid="action-activate">
          {t('student_status.moves.activate')}
        </Button>
      ) : null}
      {show('freeze') ? (
        <Button variant="outline" size="sm" onClick={() => setOpen('freeze')} disabled={saving} data-testid="action-freeze">
          {t('student_status.moves.freeze')}
        </Button>
      ) : null}
      {show('unfreeze') ? (
        <Button variant="outline" size="sm" onClick={() => setOpen('unfreeze')} disabled={saving} data-testid="action-unfreeze">
          {t('student_status.moves.unfreeze')}
        </Button>
      ) : null}
      {scheduledFreeze ? (
        <Button variant="outline" size="sm" onClick={() => setOpen('cancelFreeze')} disabled={saving || cancelling} data-testid="action-cancel-freeze">
          {t('student_detail.actions.cancelFreeze')}
        </Button>
      ) : null}
      {show('unarchive') ? (
        <Button size="sm" onClick={() => setOpen('unarchive')} disabled={saving} data-testid="action-unarchive">
          {t('student_status.moves.unarchive')}
        </Button>
      ) : null}
      {actions.addToGroup && canGroups ? (
        <Button variant="outline" size="sm" onClick={() => setOpen('add')} disabled={saving} data-testid="action-add-group">
          <Plus size={14} />
          {t('student_detail.actions.addGroup')}
        </Button>
      ) : null}
      {actions.moveGroup && canGroups ? (
        <Button variant="outline" size="sm" onClick={moveFromHeader} disabled={saving} data-testid="action-move-group">
          <ArrowRightLeft size={14} />
          {t('student_detail.actions.move')}
        </Button>
      ) : null}
      {actions.edit ? (
        <Button variant="outline" size="sm" onClick={() => setOpen('edit')} disabled={saving} data-testid="action-edit">
          <Pencil size={14} />
          {t('student_detail.actions.edit')}
        </Button>
      ) : null}
      {show('archive') ? (
        <Button variant="ghost" size="sm" className={css({ color: 'danger.default' })} onClick={() => setOpen('archive')} disabled={saving} data-testid="action-archive">
          {t('student_status.moves.archive')}
        </Button>
      ) : null}
    </>
  );

  const confirm = (move: 'activate' | 'unfreeze' | 'unarchive') => (
    <ConfirmDialog
      open={open === move}
      title={t(`student_status.confirm.${move}`)}
      description={t(`student_detail.confirm.${move}`, { student: student.full_name })}
      cancelLabel={t('common.actions.cancel')}
      confirmLabel={t(`student_status.moves.${move}`)}
      onCancel={() => setOpen(null)}
      onConfirm={() => {
        setOpen(null);
        status.send({ type: `student.${move}` });
      }}
    />
  );

  const cancelFreezeDialog = (
    <ConfirmDialog
      open={open === 'cancelFreeze'}
      title={t('student_detail.actions.cancelFreeze')}
      description={t('student_detail.confirm.cancelFreeze', { student: student.full_name })}
      cancelLabel={t('common.actions.close')}
      confirmLabel={t('student_detail.actions.cancelFreeze')}
      onCancel={() => setOpen(null)}
      onConfirm={() => {
        setOpen(null);
        cancelFreezeWrite.submit(undefined);
      }}
    />
  );

  return (
    <section data-testid="student-detail" data-student-id={student.id}>
      <div className={css({ mb: '2' })}>{back}</div>
      <StudentHeader student={student} status={shown} branchName={branchName} today={today} actions={headerActions} />
      {error ? (
        <div role="alert" className={css({ mt: '3', p: '3', borderRadius: 'control', bg: 'danger.subtle', color: 'danger.default', fontSize: 'sm', display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
          <span className={css({ flex: '1' })}>{t(error)}</span>
          <Button size="sm" variant="outline" onClick={() => status.send({ type: 'student.retry' })}>
            {t('common.actions.retry')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => status.send({ type: 'student.dismiss' })}>
            {t('common.actions.close')}
          </Button>
        </div>
      ) : null}
      <div className={css({ mt: '6' })}>
        <Tabs
          value={tab}
          onChange={(value) => setParams({ tab: value === 'groups' ? null : value, page: null }, { push: true })}
          label={t('student_detail.tabs.label')}
          items={[
            {
              value: 'groups',
              label: t('student_detail.tabs.groups'),
              content: <GroupsTab student={student} today={today} canMove={actions.moveGroup && canGroups} onMove={(m: Membership) => startMove(m)} />,
            },
            { value: 'payments', label: t('student_detail.tabs.payments'), content: <PaymentsTab student={student} today={today} /> },
            {
              value: 'attendance',
              label: t('student_detail.tabs.attendance'),
              content: (
                <AttendanceTab
                  studentId={student.id}
                  canSeeResults={readable.has('results')}
                  range={range}
                  onRange={(r) => setParams({ from: r.from, to: r.to })}
                />
              ),
            },
            {
              value: 'comments',
              label: t('student_detail.tabs.comments'),
              content: <CommentsTab studentId={student.id} filial={student.filial} page={page} onPage={(p) => setParams({ page: p > 1 ? p : null })} />,
            },
            { value: 'parents', label: t('student_detail.tabs.parents'), content: <ParentsTab studentId={student.id} /> },
            {
              value: 'messages',
              label: t('student_detail.tabs.messages'),
              content: <MessagesTab studentId={student.id} page={page} onPage={(p) => setParams({ page: p > 1 ? p : null })} />,
            },
            {
              value: 'history',
              label: t('student_detail.tabs.history'),
              content: <HistoryTab studentId={student.id} page={page} onPage={(p) => setParams({ page: p > 1 ? p : null })} />,
            },
          ]}
        />
      </div>

      {open === 'freeze' ? (
        <FreezeDialog
          studentName={student.full_name}
          today={today}
          onClose={() => setOpen(null)}
          onFreeze={(period) => status.send({ type: 'student.freeze', ...period })}
        />
      ) : null}
      {open === 'archive' ? (
        <ArchiveDialog
          student={student}
          onClose={() => setOpen(null)}
          onArchive={(reason) => status.send({ type: 'student.archive', reason })}
          onArchivedWithMoney={() => {
            // Saved on the server with the money settled; the refetched card re-syncs the status chart.
            setOpen(null);
            toast.send({ type: 'toast.show', severity: 'success', message: 'student_status.move.done.archive' });
            void refresh();
          }}
        />
      ) : null}
      {open === 'edit' ? (
        <EditStudentDialog
          student={student}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            toast.send({ type: 'toast.show', severity: 'success', message: 'student_detail.edit.done' });
            void refresh();
          }}
        />
      ) : null}
      {open === 'add' ? (
        <AddToGroupDialog
          student={student}
          currentGroups={new Set(student.memberships.map((m) => m.group.id))}
          today={today}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            toast.send({ type: 'toast.show', severity: 'success', message: 'student_detail.addGroup.done' });
            void refresh();
          }}
        />
      ) : null}
      {confirm('activate')}
      {confirm('unfreeze')}
      {confirm('unarchive')}
      {cancelFreezeDialog}
      {movingFrom !== null ? <MoveFrom groupId={movingFrom} move={move} /> : null}
    </section>
  );
}

/** The group page's move dialog needs the group it moves from. */
function MoveFrom({ groupId, move }: { groupId: number; move: MemberMoveActorRef }) {
  const group = useGroup(groupId);
  return group.data ? <MoveMemberDialog move={move} group={group.data} /> : null;
}
