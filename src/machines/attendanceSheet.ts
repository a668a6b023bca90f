// The attendance sheet of one lesson, opened from the group page or the teacher's day. States: loading (invoke
// loadLesson) → editing.idle | readOnly (the server says it cannot be marked now: cancelled, not begun yet, or its
// day is over for this reader; a lesson not begun reloads itself once it opens) | loadFailed (load.retry);
// editing.idle ⇄ editing.confirmingClose (sheet.close with unsaved changes: close.confirm / close.cancel);
// sheet.save → saving (invoke saveAttendance) → saved (toast, `attendance.saved`) | failed (the server's detail,
// field errors per row). Any edit in saved or failed returns to editing. Rows hold the status (present, late,
// excused, absent), an optional mark 0..100 typed as text (none for an absent student), and a comment; only marked
// rows are sent.
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ABSENT_MARK_MESSAGE, attendanceItem, type MarkLock } from '../../contract/attendance';
import type { AttendanceStatus, LessonDetail } from '../../contract/lessons';
import { ApiError } from '../api/errors';
import { fetchLesson, saveAttendance } from '../api/groupDetail';
import type { ToastRequest } from './toast';

export type SheetRow = {
  student: { id: number; full_name: string; phone: string };
  status: AttendanceStatus | null;
  /** As typed; '' = no mark. */
  mark: string;
  comment: string;
};

/** Why the sheet cannot be edited (the server's `locked`). */
export type ReadOnlyReason = MarkLock;

export type SheetError = {
  /** The server's message (or a known reason), shown above the rows. */
  detail: string | null;
  /** Messages per student id, per field. */
  rows: Record<number, { status?: string; mark?: string; comment?: string }>;
};

type SaveItem = {
  student: number;
  status: AttendanceStatus;
  mark: number | null;
  comment: string;
};

export type AttendanceSheetInput = {
  lessonId: number;
};

type Context = {
  lessonId: number;
  lesson: LessonDetail | null;
  rows: SheetRow[];
  /** The rows as last loaded or saved: unsaved changes are the difference. */
  savedRows: SheetRow[];
  /** The items of the last save, in order: the server's `items.<i>.<field>` errors point into it. */
  sentItems: SaveItem[];
  error: SheetError | null;
};

export type AttendanceSheetEvent =
  | { type: 'row.status'; student: number; status: AttendanceStatus }
  | { type: 'row.mark'; student: number; mark: string }
  | { type: 'row.comment'; student: number; comment: string }
  | { type: 'all.present' }
  | { type: 'sheet.save' }
  | { type: 'sheet.close' }
  | { type: 'close.confirm' }
  | { type: 'close.cancel' }
  | { type: 'load.retry' };

export type AttendanceSheetEmitted = ToastRequest | { type: 'attendance.saved'; lesson: LessonDetail };

export const SHEET_MESSAGES = {
  saved: 'group_detail.sheet.saved',
  failed: 'group_detail.sheet.failed',
  nothingMarked: 'group_detail.sheet.nothingMarked',
} as const;

export function rowsOf(lesson: LessonDetail): SheetRow[] {
  return lesson.roster.map((entry) => ({
    student: entry.student,
    status: entry.attendance?.status ?? null,
    mark: entry.attendance?.mark === null || entry.attendance?.mark === undefined ? '' : String(entry.attendance.mark),
    comment: entry.attendance?.comment ?? '',
  }));
}

/** The server decides whether the reader may mark the lesson now (its clock, its roles): the sheet follows it. */
export function readOnlyReason(lesson: LessonDetail): ReadOnlyReason | null {
  return lesson.can_mark ? null : (lesson.locked ?? 'closed');
}

/** The longest wait before a closed sheet asks again; timers beyond ~24 days overflow, and a day is long enough. */
const MAX_WAIT_MS = 6 * 60 * 60_000;
/** A sheet that is not open yet asks again this long after its opening (and at least this often), so a browser
 * clock a little ahead of the server's never makes it ask in a loop. */
const RECHECK_MS = 15_000;

/** How long a lesson not begun waits before reloading to see its register open. */
export function msUntilOpen(lesson: Pick<LessonDetail, 'opens_at'>, now: number = Date.now()): number {
  return Math.min(Math.max(Date.parse(lesson.opens_at) - now + 1000, RECHECK_MS), MAX_WAIT_MS);
}

const sameRow = (a: SheetRow, b: SheetRow) =>
  a.status === b.status && a.mark.trim() === b.mark.trim() && a.comment.trim() === b.comment.trim();

export function hasUnsavedChanges(rows: readonly SheetRow[], savedRows: readonly SheetRow[]): boolean {
  return rows.length !== savedRows.length || rows.some((row, i) => !sameRow(row, savedRows[i]));
}

/** The marked rows as request items, or the rows' errors when a mark is not a whole number 0..100. */
export function itemsOf(rows: readonly SheetRow[]): {
  items: SaveItem[];
  errors: SheetError['rows'];
} {
  const items: SaveItem[] = [];
  const errors: SheetError['rows'] = {};
  for (const row of rows) {
    if (row.status === null) continue;
    const text = row.mark.trim();
    const mark = text === '' ? null : /^\d+$/.test(text) ? Number(text) : Number.NaN;
    const parsed = attendanceItem.safeParse({
      student: row.student.id,
      status: row.status,
      mark: Number.isNaN(mark) ? text : mark,
      comment: row.comment,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'status') as keyof SheetError['rows'][number];
        errors[row.student.id] = {
          ...errors[row.student.id],
          [field]: issue.message === ABSENT_MARK_MESSAGE ? 'group_detail.sheet.absentNoMark' : 'group_detail.sheet.markRange',
        };
      }
      continue;
    }
    items.push({
      student: row.student.id,
      status: row.status,
      mark,
      comment: row.comment.trim(),
    });
  }
  return { items, errors };
}

/** The server's 400/409 answer as the sheet shows it: `items.<i>.<field>` messages go to the row they name. */
export function sheetErrorOf(error: unknown, sent: readonly SaveItem[]): SheetError {
  if (!(error instanceof ApiError)) return { detail: SHEET_MESSAGES.failed, rows: {} };
  const rows: SheetError['rows'] = {};
  const loose: string[] = [];
  for (const [key, messages] of Object.entries(error.fields ?? {})) {
    const m = /^items\.(\d+)\.(student|status|mark|comment)$/.exec(key);
    const item = m ? sent[Number(m[1])] : undefined;
    if (m && item) {
      const field = m[2] === 'student' ? 'status' : (m[2] as 'status' | 'mark' | 'comment');
      rows[item.student] = { ...rows[item.student], [field]: messages[0] };
    } else loose.push(...messages);
  }
  const detail = error.detail ?? (loose.length ? loose.join(' ') : Object.keys(rows).length ? null : SHEET_MESSAGES.failed);
  return { detail, rows };
}

const updateRow = (rows: SheetRow[], student: number, change: Partial<SheetRow>) =>
  rows.map((row) => (row.student.id === student ? { ...row, ...change } : row));

/** Editing a row clears that row's error; the message above the rows stays until the next save. */
const withoutRowError = (error: SheetError | null, student: number): SheetError | null => {
  if (!error || !(student in error.rows)) return error;
  const rows = { ...error.rows };
  delete rows[student];
  return { ...error, rows };
};

// A save checks the marks first, then that someone is marked; from `failed` it is the retry.
const SAVE = [
  {
    guard: 'a mark is out of range',
    target: '#attendanceSheet.editing',
    actions: 'showMarkErrors',
  },
  {
    guard: 'nobody is marked',
    target: '#attendanceSheet.editing',
    actions: 'showNothingMarked',
  },
  { target: '#attendanceSheet.saving', actions: 'rememberSent' },
] as const;

export const attendanceSheetMachine = setup({
  types: {
    context: {} as Context,
    events: {} as AttendanceSheetEvent,
    input: {} as AttendanceSheetInput,
    emitted: {} as AttendanceSheetEmitted,
  },
  actors: {
    loadLesson: fromPromise<LessonDetail, { lessonId: number }>(({ input }) => fetchLesson(input.lessonId)),
    saveAttendance: fromPromise<LessonDetail, { lessonId: number; items: SaveItem[] }>(({ input }) =>
      saveAttendance(input.lessonId, { items: input.items }),
    ),
  },
  guards: {
    'the lesson cannot be marked': (_, params: { lesson: LessonDetail }) => readOnlyReason(params.lesson) !== null,
    'the lesson has not begun': ({ context }) => context.lesson?.locked === 'not_started',
    'there are unsaved changes': ({ context }) => hasUnsavedChanges(context.rows, context.savedRows),
    'a mark is out of range': ({ context }) => Object.keys(itemsOf(context.rows).errors).length > 0,
    'nobody is marked': ({ context }) => itemsOf(context.rows).items.length === 0,
  },
  actions: {
    keepLesson: assign((_, params: { lesson: LessonDetail }) => {
      const rows = rowsOf(params.lesson);
      return { lesson: params.lesson, rows, savedRows: rows };
    }),
    setStatus: assign(({ context, event }) =>
      event.type === 'row.status'
        ? {
            // An absent student gets no mark: choosing absent clears one typed before.
            rows: updateRow(context.rows, event.student, event.status === 'absent' ? { status: event.status, mark: '' } : { status: event.status }),
            error: withoutRowError(context.error, event.student),
          }
        : {},
    ),
    setMark: assign(({ context, event }) =>
      event.type === 'row.mark'
        ? {
            rows: updateRow(context.rows, event.student, { mark: event.mark }),
            error: withoutRowError(context.error, event.student),
          }
        : {},
    ),
    setComment: assign(({ context, event }) =>
      event.type === 'row.comment'
        ? {
            rows: updateRow(context.rows, event.student, {
              comment: event.comment,
            }),
            error: withoutRowError(context.error, event.student),
          }
        : {},
    ),
    markAllPresent: assign({
      rows: ({ context }) => context.rows.map((row) => ({ ...row, status: 'present' as const })),
    }),
    showMarkErrors: assign({
      error: ({ context }) => ({
        detail: null,
        rows: itemsOf(context.rows).errors,
      }),
    }),
    showNothingMarked: assign({
      error: () => ({ detail: SHEET_MESSAGES.nothingMarked, rows: {} }),
    }),
    rememberSent: assign({
      sentItems: ({ context }) => itemsOf(context.rows).items,
      error: null,
    }),
    showSaveError: assign({
      error: ({ context }, params: { error: unknown }) => sheetErrorOf(params.error, context.sentItems),
    }),
    showLoadError: assign({
      error: (_, params: { error: unknown }) => sheetErrorOf(params.error, []),
    }),
    clearError: assign({ error: null }),
    toast: emit((_, params: { severity: 'success' | 'error'; message: string }) => ({
      type: 'toast.show' as const,
      ...params,
    })),
    announceSaved: emit(({ context }) => ({
      type: 'attendance.saved' as const,
      lesson: context.lesson as LessonDetail,
    })),
  },
  delays: {
    untilOpen: ({ context }) => (context.lesson ? msUntilOpen(context.lesson) : RECHECK_MS),
  },
}).createMachine({
  id: 'attendanceSheet',
  context: ({ input }) => ({
    lessonId: input.lessonId,
    lesson: null,
    rows: [],
    savedRows: [],
    sentItems: [],
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadLesson',
        input: ({ context }) => ({ lessonId: context.lessonId }),
        onDone: [
          {
            guard: {
              type: 'the lesson cannot be marked',
              params: ({ event }) => ({ lesson: event.output }),
            },
            target: 'readOnly',
            actions: {
              type: 'keepLesson',
              params: ({ event }) => ({ lesson: event.output }),
            },
          },
          {
            target: 'editing',
            actions: {
              type: 'keepLesson',
              params: ({ event }) => ({ lesson: event.output }),
            },
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: {
            type: 'showLoadError',
            params: ({ event }) => ({ error: event.error }),
          },
        },
      },
      on: { 'sheet.close': { target: 'closed' } },
    },
    loadFailed: {
      on: {
        'load.retry': { target: 'loading', actions: 'clearError' },
        'sheet.close': { target: 'closed' },
      },
    },
    readOnly: {
      // A lesson that has not begun opens by itself: reload once its start has passed.
      after: { untilOpen: { guard: 'the lesson has not begun', target: 'loading' } },
      on: { 'sheet.close': { target: 'closed' } },
    },
    editing: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'row.status': { actions: 'setStatus' },
            'row.mark': { actions: 'setMark' },
            'row.comment': { actions: 'setComment' },
            'all.present': { actions: 'markAllPresent' },
            'sheet.save': SAVE,
            'sheet.close': [{ guard: 'there are unsaved changes', target: 'confirmingClose' }, { target: '#attendanceSheet.closed' }],
          },
        },
        confirmingClose: {
          on: {
            'close.confirm': { target: '#attendanceSheet.closed' },
            'close.cancel': { target: 'idle' },
          },
        },
      },
    },
    saving: {
      invoke: {
        src: 'saveAttendance',
        input: ({ context }) => ({
          lessonId: context.lessonId,
          items: context.sentItems,
        }),
        onDone: {
          target: 'saved',
          actions: [
            {
              type: 'keepLesson',
              params: ({ event }) => ({ lesson: event.output }),
            },
            {
              type: 'toast',
              params: { severity: 'success', message: SHEET_MESSAGES.saved },
            },
            'announceSaved',
          ],
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'showSaveError',
            params: ({ event }) => ({ error: event.error }),
          },
        },
      },
    },
    saved: {
      on: {
        'row.status': { target: 'editing', actions: 'setStatus' },
        'row.mark': { target: 'editing', actions: 'setMark' },
        'row.comment': { target: 'editing', actions: 'setComment' },
        'all.present': { target: 'editing', actions: 'markAllPresent' },
        'sheet.close': { target: 'closed' },
      },
    },
    failed: {
      on: {
        'row.status': { target: 'editing', actions: 'setStatus' },
        'row.mark': { target: 'editing', actions: 'setMark' },
        'row.comment': { target: 'editing', actions: 'setComment' },
        'all.present': { target: 'editing', actions: 'markAllPresent' },
        'sheet.save': SAVE,
        'sheet.close': [
          {
            guard: 'there are unsaved changes',
            target: 'editing.confirmingClose',
          },
          { target: 'closed' },
        ],
      },
    },
    closed: { type: 'final' },
  },
});

export type AttendanceSheetActorRef = ActorRefFrom<typeof attendanceSheetMachine>;
type Snapshot = SnapshotFrom<typeof attendanceSheetMachine>;

export const selectRows = (s: Snapshot) => s.context.rows;
export const selectLesson = (s: Snapshot) => s.context.lesson;
export const selectError = (s: Snapshot) => s.context.error;
export const selectIsEditable = (s: Snapshot) => s.matches('editing') || s.matches('saved') || s.matches('failed');
export const selectIsSaving = (s: Snapshot) => s.matches('saving');
export const selectIsConfirmingClose = (s: Snapshot) => s.matches({ editing: 'confirmingClose' });
export const selectReadOnlyReason = (s: Snapshot) => (s.matches('readOnly') && s.context.lesson ? readOnlyReason(s.context.lesson) : null);
export const selectIsDirty = (s: Snapshot) => hasUnsavedChanges(s.context.rows, s.context.savedRows);
