import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LessonDetail } from '../../../contract/lessons';
import { ApiError } from '../../../src/api/errors';
import { attendanceSheetMachine, connectAttendanceSheet } from '../../../src/machines/attendanceSheet';
import { hasUnsavedChanges, itemsOf, rowsOf, sheetErrorOf } from '../../../src/machines/attendanceSheet.rules';
import { deferred } from '../support/fakes';

const TODAY = '2026-11-23';

function lesson(overrides: Partial<LessonDetail> = {}): LessonDetail {
  return {
    id: 40,
    filial: 1,
    group: { id: 12, name: 'Ingliz tili A1' },
    kind: 'regular',
    date: '2026-11-20',
    start_time: '14:00',
    end_time: '15:30',
    room: { id: 1, name: '101' },
    teacher: { id: 5, full_name: 'Dilnoza Karimova' },
    theme: null,
    status: 'planned',
    reason: null,
    moved_from_date: null,
    has_chosen_students: false,
    attendance: { present: 0, late: 0, excused: 0, absent: 0 },
    opens_at: '2026-11-20T14:00:00+05:00',
    can_mark: true,
    locked: null,
    correction: false,
    history: [],
    history_total: 0,
    roster: [
      {
        student: { id: 1, full_name: 'Ali Valiyev', phone: '+998901111111' },
        attendance: null,
      },
      {
        student: { id: 2, full_name: 'Bobur Aliyev', phone: '+998902222222' },
        attendance: { status: 'late', mark: 80, comment: 'bus' },
      },
      {
        student: {
          id: 3,
          full_name: 'Gulnora Saidova',
          phone: '+998903333333',
        },
        attendance: null,
      },
    ],
    ...overrides,
  };
}

type SaveInput = {
  lessonId: number;
  items: {
    student: number;
    status: string;
    mark: number | null;
    comment: string;
  }[];
};

function start(
  options: {
    load?: () => Promise<LessonDetail>;
    save?: (input: SaveInput) => Promise<LessonDetail>;
  } = {},
) {
  const load = vi.fn(options.load ?? (async () => lesson()));
  const save = vi.fn(options.save ?? (async () => lesson()));
  const logic = attendanceSheetMachine.provide({
    actors: {
      loadLesson: fromPromise(() => load()),
      saveAttendance: fromPromise(({ input }) => save(input as SaveInput)),
    },
  });
  const actor = createActor(logic, {
    input: { lessonId: 40 },
  }).start();
  const emitted: { type: string }[] = [];
  actor.on('*', (e) => emitted.push(e));
  return { actor, load, save, emitted };
}

const editing = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches({ editing: 'idle' }));

describe('attendance sheet machine', () => {
  it('loads the lesson into rows, keeping what was marked before', async () => {
    const { actor, load } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    await editing(actor);
    expect(load).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.rows.map((r) => [r.student.id, r.status, r.mark, r.comment])).toEqual([
      [1, null, '', ''],
      [2, 'late', '80', 'bus'],
      [3, null, '', ''],
    ]);
    expect(connectAttendanceSheet(actor.getSnapshot()).editable).toBe(true);
  });

  it('marks everyone present, one absent, saves only marked rows, toasts and announces the stored lesson', async () => {
    const stored = lesson({
      attendance: { present: 2, late: 0, excused: 0, absent: 1 },
    });
    const answer = deferred<LessonDetail>();
    const { actor, save, emitted } = start({ save: () => answer.promise });
    await editing(actor);
    actor.send({ type: 'all.present' });
    actor.send({ type: 'row.status', student: 3, status: 'absent' });
    actor.send({ type: 'row.mark', student: 1, mark: ' 95 ' });
    actor.send({ type: 'row.comment', student: 3, comment: '  sick ' });
    actor.send({ type: 'sheet.save' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(save).toHaveBeenCalledWith({
      lessonId: 40,
      items: [
        { student: 1, status: 'present', mark: 95, comment: '' },
        { student: 2, status: 'present', mark: 80, comment: 'bus' },
        { student: 3, status: 'absent', mark: null, comment: 'sick' },
      ],
    });
    actor.send({ type: 'sheet.close' }); // ignored while saving
    expect(actor.getSnapshot().value).toBe('saving');
    answer.resolve(stored);
    await waitFor(actor, (s) => s.matches('saved'));
    expect(emitted).toEqual([
      {
        type: 'toast.show',
        severity: 'success',
        message: 'group_detail.sheet.saved',
      },
      { type: 'attendance.saved', lesson: stored },
    ]);
    // The stored answer is now the baseline: closing needs no confirmation.
    actor.send({ type: 'sheet.close' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('asks before closing with unsaved changes; cancel keeps the edits, confirm closes', async () => {
    const { actor } = start();
    await editing(actor);
    actor.send({ type: 'row.status', student: 1, status: 'excused' });
    actor.send({ type: 'sheet.close' });
    expect(connectAttendanceSheet(actor.getSnapshot()).confirmingClose).toBe(true);
    actor.send({ type: 'close.cancel' });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.rows[0].status).toBe('excused');
    actor.send({ type: 'sheet.close' });
    actor.send({ type: 'close.confirm' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('closes at once without changes (an edit undone counts as no change)', async () => {
    const { actor } = start();
    await editing(actor);
    actor.send({ type: 'row.comment', student: 2, comment: 'bus ' });
    actor.send({ type: 'sheet.close' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('refuses a mark outside 0..100 without calling the server and shows it on the row', async () => {
    const { actor, save } = start();
    await editing(actor);
    actor.send({ type: 'all.present' });
    actor.send({ type: 'row.mark', student: 3, mark: '101' });
    actor.send({ type: 'sheet.save' });
    expect(save).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({
      detail: null,
      rows: { 3: { mark: 'group_detail.sheet.markRange' } },
    });
    actor.send({ type: 'row.mark', student: 3, mark: '100' });
    expect(actor.getSnapshot().context.error?.rows).toEqual({});
    actor.send({ type: 'sheet.save' });
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('says so when nobody is marked', async () => {
    const { actor, save } = start({
      load: async () =>
        lesson({
          roster: lesson().roster.map((r) => ({ ...r, attendance: null })),
        }),
    });
    await editing(actor);
    actor.send({ type: 'sheet.save' });
    expect(save).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.error?.detail).toBe('group_detail.sheet.nothingMarked');
  });

  it('on a 400 shows the server message and puts item errors on their rows; an edit goes back to editing; save retries', async () => {
    let calls = 0;
    const { actor, save } = start({
      save: async () => {
        calls += 1;
        if (calls === 1)
          throw new ApiError(400, 'Student 3 is not on the roster', {
            'items.2.student': ['Not on the roster'],
          });
        return lesson();
      },
    });
    await editing(actor);
    actor.send({ type: 'row.status', student: 1, status: 'present' });
    actor.send({ type: 'row.status', student: 3, status: 'absent' });
    actor.send({ type: 'sheet.save' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({
      detail: 'Student 3 is not on the roster',
      rows: { 3: { status: 'Not on the roster' } },
    });
    actor.send({ type: 'sheet.save' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(save).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'row.mark', student: 1, mark: '7' });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
  });

  it('from failed with unsaved changes, closing asks first', async () => {
    const { actor } = start({
      save: async () => Promise.reject(new ApiError(409, 'Lesson is cancelled')),
    });
    await editing(actor);
    actor.send({ type: 'all.present' });
    actor.send({ type: 'sheet.save' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.detail).toBe('Lesson is cancelled');
    actor.send({ type: 'sheet.close' });
    expect(connectAttendanceSheet(actor.getSnapshot()).confirmingClose).toBe(true);
  });

  it('opens read-only what the server says cannot be marked now: cancelled, not begun, a closed day', async () => {
    const cancelled = start({
      load: async () => lesson({ status: 'cancelled', reason: 'Teacher ill', can_mark: false, locked: 'cancelled' }),
    });
    await waitFor(cancelled.actor, (s) => s.matches('readOnly'));
    expect(connectAttendanceSheet(cancelled.actor.getSnapshot()).readOnly).toBe('cancelled');
    cancelled.actor.send({ type: 'row.status', student: 1, status: 'present' });
    expect(cancelled.actor.getSnapshot().context.rows[0].status).toBeNull();
    cancelled.actor.send({ type: 'sheet.close' });
    expect(cancelled.actor.getSnapshot().value).toBe('closed');

    // The date alone decides nothing: a lesson of today that has not begun is closed, one of yesterday open.
    const notBegun = start({ load: async () => lesson({ date: TODAY, can_mark: false, locked: 'not_started' }) });
    await waitFor(notBegun.actor, (s) => s.matches('readOnly'));
    expect(connectAttendanceSheet(notBegun.actor.getSnapshot()).readOnly).toBe('not_started');
    notBegun.actor.send({ type: 'sheet.close' });

    const closedDay = start({ load: async () => lesson({ can_mark: false, locked: 'closed', correction: true }) });
    await waitFor(closedDay.actor, (s) => s.matches('readOnly'));
    expect(connectAttendanceSheet(closedDay.actor.getSnapshot()).readOnly).toBe('closed');

    const begun = start({ load: async () => lesson({ date: TODAY }) });
    await editing(begun.actor);
  });

  it('a lesson not begun reloads itself once its start has passed, and opens', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-23T11:46:00+05:00') });
    try {
      let calls = 0;
      const { actor, load } = start({
        load: async () => {
          calls += 1;
          return calls === 1
            ? lesson({ date: TODAY, start_time: '16:00', opens_at: '2026-11-23T16:00:00+05:00', can_mark: false, locked: 'not_started' })
            : lesson({ date: TODAY, start_time: '16:00', opens_at: '2026-11-23T16:00:00+05:00' });
        },
      });
      await vi.waitFor(() => expect(actor.getSnapshot().matches('readOnly')).toBe(true));
      await vi.advanceTimersByTimeAsync(4 * 60 * 60_000 + 13 * 60_000);
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(2 * 60_000);
      expect(load).toHaveBeenCalledTimes(2);
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true));
    } finally {
      vi.useRealTimers();
    }
  });

  it('choosing absent clears the mark and a mark is never sent for an absent student', async () => {
    const { actor, save } = start();
    await editing(actor);
    actor.send({ type: 'row.status', student: 2, status: 'absent' });
    expect(actor.getSnapshot().context.rows[1]).toMatchObject({ status: 'absent', mark: '' });
    actor.send({ type: 'row.mark', student: 2, mark: '70' });
    expect(itemsOf(actor.getSnapshot().context.rows).errors).toEqual({ 2: { mark: 'group_detail.sheet.absentNoMark' } });
    actor.send({ type: 'sheet.save' });
    expect(save).not.toHaveBeenCalled();
  });

  it('a failed load can be retried', async () => {
    let calls = 0;
    const { actor } = start({
      load: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError(0);
        return lesson();
      },
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.error?.detail).toBe('group_detail.sheet.failed');
    actor.send({ type: 'load.retry' });
    await editing(actor);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('attendance sheet helpers', () => {
  it('itemsOf leaves unmarked rows out and reads marks as whole numbers', () => {
    const rows = rowsOf(lesson());
    expect(itemsOf(rows)).toEqual({
      items: [{ student: 2, status: 'late', mark: 80, comment: 'bus' }],
      errors: {},
    });
    rows[1].mark = '8.5';
    expect(itemsOf(rows).errors).toEqual({
      2: { mark: 'group_detail.sheet.markRange' },
    });
    rows[1].mark = '-1';
    expect(itemsOf(rows).errors).toEqual({
      2: { mark: 'group_detail.sheet.markRange' },
    });
    rows[1].mark = '0';
    expect(itemsOf(rows).items[0].mark).toBe(0);
  });

  it('hasUnsavedChanges compares status, trimmed mark and comment', () => {
    const saved = rowsOf(lesson());
    expect(
      hasUnsavedChanges(
        saved.map((r) => ({ ...r })),
        saved,
      ),
    ).toBe(false);
    expect(
      hasUnsavedChanges(
        saved.map((r, i) => (i === 0 ? { ...r, status: 'present' as const } : r)),
        saved,
      ),
    ).toBe(true);
    expect(
      hasUnsavedChanges(
        saved.map((r, i) => (i === 1 ? { ...r, mark: ' 80' } : r)),
        saved,
      ),
    ).toBe(false);
  });

  it('sheetErrorOf turns field errors without a detail into a message and unknown errors into the generic one', () => {
    expect(sheetErrorOf(new ApiError(400, undefined, { items: ['Too many'] }), [])).toEqual({ detail: 'Too many', rows: {} });
    expect(sheetErrorOf(new Error('boom'), [])).toEqual({
      detail: 'group_detail.sheet.failed',
      rows: {},
    });
    expect(
      sheetErrorOf(new ApiError(400, undefined, { 'items.0.mark': ['Too big'] }), [
        { student: 9, status: 'present', mark: 1000, comment: '' },
      ]),
    ).toEqual({
      detail: null,
      rows: { 9: { mark: 'Too big' } },
    });
  });
});
