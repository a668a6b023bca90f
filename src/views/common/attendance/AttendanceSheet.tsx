import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMachineActor } from '../../../app/useMachineActor';
import { Check, Clock } from 'lucide-react';
import { useEffect } from 'react';
import { css, cx } from 'styled-system/css';
import { ATTENDANCE_STATUSES, } from '../../../../contract/lessons';
import { groupDetailKeys } from '../../../api/groupDetail';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n/index';
import { formatPhoneInput } from '../../../lib/phone';
import { formatDate } from '../../../lib/dates';
import { myDayKey } from '../../../api/myDay';
import { SheetHistory, opensText } from './sheetNotes';
import { attendanceSheetMachine, connectAttendanceSheet, type AttendanceSheetActorRef, type SheetRow } from '../../../machines/attendanceSheet';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { inputStyle } from '../../../ui/Field';
import { attendanceIcon } from './attendanceIcons';
import { isoWeekday } from '../../../../contract/schedule';
import { timeRange } from '../../../lib/scheduleText';

const row = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'minmax(0, 1.2fr) auto minmax(0, 1fr)' },
  alignItems: 'center',
  gap: { base: '2', md: '3' },
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
});
const statusButton = css({
  display: 'inline-flex',
  flexDirection: { base: 'column', sm: 'row' },
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1',
  minH: '11',
  minW: { base: '0', md: '11' },
  px: '2',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  color: 'fg.muted',
  fontSize: 'xs',
  fontWeight: 'medium',
  cursor: 'pointer',
  _disabled: { cursor: 'default', opacity: 0.8 },
  '&[aria-checked=true]': { color: 'fg.onAccent', borderColor: 'transparent' },
  '&[aria-checked=true][data-value=present]': { bg: 'success.default' },
  '&[aria-checked=true][data-value=late]': { bg: 'info.default' },
  '&[aria-checked=true][data-value=excused]': { bg: 'accent.default' },
  '&[aria-checked=true][data-value=absent]': { bg: 'danger.default' },
});
const errorText = css({ fontSize: 'xs', color: 'danger.default', mt: '1' });
const note = css({ display: 'flex', gap: '2', alignItems: 'center', bg: 'bg.subtle', borderRadius: 'control', p: '3', mb: '3', fontSize: 'sm' });

type Props = { lessonId: number; onClose: () => void };

/** The attendance sheet of one lesson in a dialog. Mounted while open; closes when its machine finishes. */
export function AttendanceSheet({ lessonId, onClose }: Props) {
  const { t, lang } = useT();
  const { toast } = useActors();
  const queryClient = useQueryClient();
  const sheet = useMachineActor(attendanceSheetMachine, { input: { lessonId } });
  const { lesson, rows, error, editable, saving, dirty, confirmingClose: confirming, readOnly, loading, loadFailed, saved } = useSelector(sheet, connectAttendanceSheet);

  // Wiring only: toasts go to the app's toast actor, a save refreshes the lists that show counts, the end closes.
  useEffect(() => {
    const subscriptions = [
      sheet.on('toast.show', (request) => toast.send(request)),
      sheet.on('attendance.saved', () => {
        void queryClient.invalidateQueries({ queryKey: groupDetailKeys.all });
        void queryClient.invalidateQueries({ queryKey: ['results'] });
        void queryClient.invalidateQueries({ queryKey: myDayKey });
      }),
      sheet.subscribe((s) => {
        if (s.status === 'done') onClose();
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [sheet, toast, queryClient, onClose]);

  const title = lesson
    ? `${t(`edu.weekdays.${isoWeekday(lesson.date)}`)}, ${formatDate(lesson.date, lang)} · ${timeRange(lesson.start_time, lesson.end_time)}`
    : t('group_detail.sheet.title');

  return (
    <Dialog
      open
      onClose={() => sheet.send({ type: 'sheet.close' })}
      title={title}
      description={
        lesson
          ? `${t('group_detail.sheet.title')} · ${lesson.group?.name ?? ''} · ${lesson.room.name} · ${lesson.teacher.full_name}`
          : undefined
      }
      closeLabel={t('common.actions.close')}
      maxWidth="860px"
    >
      <div
        data-testid="attendance-sheet"
        data-state={saved ? 'saved' : editable ? 'editing' : readOnly ? 'read-only' : loading ? 'loading' : 'other'}
      >
        {loading ? <p className={css({ color: 'fg.muted', py: '6', textAlign: 'center' })}>{t('edu.list.loading')}</p> : null}
        {readOnly && lesson ? (
          <p role="status" data-testid="sheet-locked" data-reason={readOnly} className={note}>
            {readOnly === 'cancelled' ? (
              t('group_detail.sheet.cancelledNote', { reason: lesson.reason ?? '' })
            ) : readOnly === 'not_started' ? (
              <>
                <Clock size={16} aria-hidden="true" className={css({ flexShrink: 0 })} />
                {opensText(lesson, t, lang)}
              </>
            ) : (
              t('group_detail.sheet.closedNote')
            )}
          </p>
        ) : null}
        {lesson && editable && lesson.correction ? (
          <p role="note" data-testid="sheet-correction" className={note}>
            {t('group_detail.sheet.correctionNote')}
          </p>
        ) : null}
        {error?.detail ? (
          <p
            role="alert"
            className={css({ bg: 'danger.subtle', color: 'danger.default', borderRadius: 'control', p: '3', mb: '3', fontSize: 'sm' })}
          >
            {t(error.detail)}
          </p>
        ) : null}
        {loadFailed ? (
          <div className={dialogFooter}>
            <Button variant="outline" onClick={() => sheet.send({ type: 'load.retry' })}>
              {t('common.actions.retry')}
            </Button>
          </div>
        ) : null}
        {lesson && rows.length === 0 ? <p className={css({ color: 'fg.muted', py: '4' })}>{t('group_detail.sheet.empty')}</p> : null}
        {lesson && rows.length > 0 ? (
          <div className={css({ maxH: { base: '60vh', md: '62vh' }, overflowY: 'auto', mx: '-2', px: '2' })}>
            {rows.map((r, i) => (
              <SheetRowView
                key={r.student.id}
                index={i}
                row={r}
                sheet={sheet}
                editable={editable && !saving}
                errors={error?.rows[r.student.id]}
              />
            ))}
          </div>
        ) : null}
        {lesson?.history.length ? <SheetHistory history={lesson.history} total={lesson.history_total} /> : null}
        {editable || saving ? (
          <div className={cx(dialogFooter, css({ justifyContent: 'space-between' }))}>
            <Button variant="outline" onClick={() => sheet.send({ type: 'all.present' })} disabled={saving || rows.length === 0}>
              <Check size={16} />
              {t('group_detail.sheet.allPresent')}
            </Button>
            <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
              {saved && !dirty ? (
                <span className={css({ color: 'success.default', fontSize: 'sm' })}>{t('group_detail.sheet.savedNote')}</span>
              ) : null}
              <Button variant="outline" onClick={() => sheet.send({ type: 'sheet.close' })} disabled={saving}>
                {t('common.actions.close')}
              </Button>
              <Button onClick={() => sheet.send({ type: 'sheet.save' })} disabled={saving || rows.length === 0}>
                {saving ? t('group_detail.sheet.saving') : t('common.actions.save')}
              </Button>
            </div>
          </div>
        ) : readOnly ? (
          <div className={dialogFooter}>
            <Button variant="outline" onClick={() => sheet.send({ type: 'sheet.close' })}>
              {t('common.actions.close')}
            </Button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('group_detail.sheet.unsavedTitle')}
        description={t('group_detail.sheet.unsavedText')}
        cancelLabel={t('group_detail.sheet.keepEditing')}
        confirmLabel={t('group_detail.sheet.discard')}
        tone="danger"
        onCancel={() => sheet.send({ type: 'close.cancel' })}
        onConfirm={() => sheet.send({ type: 'close.confirm' })}
      />
    </Dialog>
  );
}

type RowProps = {
  index: number;
  row: SheetRow;
  sheet: AttendanceSheetActorRef;
  editable: boolean;
  errors?: { status?: string; mark?: string; comment?: string };
};

function SheetRowView({ index, row: r, sheet, editable, errors }: RowProps) {
  const { t } = useT();
  const student = r.student.id;
  const nameId = `sheet-student-${student}`;
  return (
    <div className={row} data-testid="sheet-row" data-student={student} data-status={r.status ?? ''}>
      <div className={css({ minW: '0' })}>
        <div id={nameId} className={css({ fontWeight: 'medium' })}>
          <span className={css({ color: 'fg.subtle', me: '2', fontVariantNumeric: 'tabular-nums' })}>{index + 1}.</span>
          {r.student.full_name}
        </div>
        <div className={css({ fontSize: 'xs', color: 'fg.muted' })}>{formatPhoneInput(r.student.phone)}</div>
        {errors?.status ? <p className={errorText}>{t(errors.status)}</p> : null}
      </div>
      <div
        role="radiogroup"
        aria-labelledby={nameId}
        className={css({ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: '1.5' })}
      >
        {ATTENDANCE_STATUSES.map((status) => {
          const on = r.status === status;
          return (
            <button
              key={status}
              type="button"
              role="radio"
              aria-checked={on}
              disabled={!editable}
              data-value={status}
              className={statusButton}
              onClick={() => sheet.send({ type: 'row.status', student, status })}
            >
              {attendanceIcon(status)}
              <span>{t(`group_detail.attendance.${status}`)}</span>
            </button>
          );
        })}
      </div>
      <div className={css({ display: 'grid', gridTemplateColumns: '5rem minmax(0, 1fr)', gap: '2' })}>
        <div>
          <input
            className={cx(inputStyle, css({ textAlign: 'center' }))}
            inputMode="numeric"
            aria-label={`${t('group_detail.sheet.mark')}: ${r.student.full_name}`}
            placeholder={t('group_detail.sheet.mark')}
            value={r.mark}
            maxLength={3}
            disabled={!editable || r.status === 'absent'}
            title={r.status === 'absent' ? t('group_detail.sheet.absentNoMark') : undefined}
            aria-invalid={errors?.mark ? true : undefined}
            onChange={(e) => sheet.send({ type: 'row.mark', student, mark: e.target.value })}
          />
        </div>
        <input
          className={inputStyle}
          aria-label={`${t('group_detail.sheet.comment')}: ${r.student.full_name}`}
          placeholder={t('group_detail.sheet.comment')}
          value={r.comment}
          maxLength={500}
          disabled={!editable}
          aria-invalid={errors?.comment ? true : undefined}
          onChange={(e) => sheet.send({ type: 'row.comment', student, comment: e.target.value })}
        />
        {errors?.mark || errors?.comment ? (
          <p className={cx(errorText, css({ gridColumn: '1 / -1' }))}>{t(errors.mark ?? errors.comment ?? '')}</p>
        ) : null}
      </div>
    </div>
  );
}
