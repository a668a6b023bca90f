// The attendance sheet of one lesson, opened from the group page or the teacher's day. States: loading (invoke
// loadLesson) → editing.idle | readOnly (the server says it cannot be marked now: cancelled, not begun yet, or its
// day is over for this reader; a lesson not begun reloads itself once it opens) | loadFailed (load.retry);
// editing.idle ⇄ editing.confirmingClose (sheet.close with unsaved changes: close.confirm / close.cancel);
// sheet.save → saving (invoke saveAttendance) → saved (toast, `attendance.saved`) | failed (the server's detail,
// field errors per row). Any edit in saved or failed returns to editing. Rows hold the status (present, late,
// excused, absent), an optional mark 0..100 typed as text (none for an absent student), and a comment; only marked
// rows are sent.
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AttendanceStatus, LessonDetail } from '../../contract/lessons';
import { fetchLesson, saveAttendance } from '../api/groupDetail';
import {
  allPresent,
  editRow,
  hasUnsavedChanges,
  itemsOf,
  msUntilOpen,
  readOnlyReason,
  RECHECK_MS,
  rowsOf,
  SHEET_MESSAGES,
  sheetErrorOf,
  type SaveItem,
  type SheetError,
  type SheetRow,
} from './attendanceSheet.rules';
import type { ToastRequest } from './toast';

export type { ReadOnlyReason, SheetError, SheetRow } from './attendanceSheet.rules';

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

// After a save or a refusal, any edit goes back to editing.
const EDIT_AGAIN = {
  'row.status': { target: '#attendanceSheet.editing', actions: 'setStatus' },
  'row.mark': { target: '#attendanceSheet.editing', actions: 'setMark' },
  'row.comment': { target: '#attendanceSheet.editing', actions: 'setComment' },
  'all.present': { target: '#attendanceSheet.editing', actions: 'markAllPresent' },
} as const;

// A save checks the marks first, then that someone is marked; from `failed` it is the retry.
const SAVE = [
  { guard: 'a mark is out of range', target: '#attendanceSheet.editing', actions: 'showMarkErrors' },
  { guard: 'nobody is marked', target: '#attendanceSheet.editing', actions: 'showNothingMarked' },
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
    saveAttendance: fromPromise<LessonDetail, { lessonId: number; items: SaveItem[] }>(({ input }) => saveAttendance(input.lessonId, { items: input.items })),
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
    setStatus: assign(({ context, event }) => (event.type === 'row.status' ? editRow(context.rows, context.error, event.student, { status: event.status }) : {})),
    setMark: assign(({ context, event }) => (event.type === 'row.mark' ? editRow(context.rows, context.error, event.student, { mark: event.mark }) : {})),
    setComment: assign(({ context, event }) => (event.type === 'row.comment' ? editRow(context.rows, context.error, event.student, { comment: event.comment }) : {})),
    markAllPresent: assign({ rows: ({ context }) => allPresent(context.rows) }),
    showMarkErrors: assign({ error: ({ context }) => ({ detail: null, rows: itemsOf(context.rows).errors }) }),
    showNothingMarked: assign({ error: () => ({ detail: SHEET_MESSAGES.nothingMarked, rows: {} }) }),
    rememberSent: assign({ sentItems: ({ context }) => itemsOf(context.rows).items, error: null }),
    showSaveError: assign({ error: ({ context }, params: { error: unknown }) => sheetErrorOf(params.error, context.sentItems) }),
    showLoadError: assign({ error: (_, params: { error: unknown }) => sheetErrorOf(params.error, []) }),
    clearError: assign({ error: null }),
    toast: emit((_, params: { severity: 'success' | 'error'; message: string }) => ({ type: 'toast.show' as const, ...params })),
    announceSaved: emit(({ context }) => ({ type: 'attendance.saved' as const, lesson: context.lesson as LessonDetail })),
  },
  delays: {
    untilOpen: ({ context }) => (context.lesson ? msUntilOpen(context.lesson) : RECHECK_MS),
  },
}).createMachine({
  id: 'attendanceSheet',
  context: ({ input }) => ({ lessonId: input.lessonId, lesson: null, rows: [], savedRows: [], sentItems: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadLesson',
        input: ({ context }) => ({ lessonId: context.lessonId }),
        onDone: [
          {
            guard: { type: 'the lesson cannot be marked', params: ({ event }) => ({ lesson: event.output }) },
            target: 'readOnly',
            actions: { type: 'keepLesson', params: ({ event }) => ({ lesson: event.output }) },
          },
          { target: 'editing', actions: { type: 'keepLesson', params: ({ event }) => ({ lesson: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) } },
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
        input: ({ context }) => ({ lessonId: context.lessonId, items: context.sentItems }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'keepLesson', params: ({ event }) => ({ lesson: event.output }) },
            { type: 'toast', params: { severity: 'success', message: SHEET_MESSAGES.saved } },
            'announceSaved',
          ],
        },
        onError: { target: 'failed', actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: { on: { ...EDIT_AGAIN, 'sheet.close': { target: 'closed' } } },
    failed: {
      on: {
        ...EDIT_AGAIN,
        'sheet.save': SAVE,
        'sheet.close': [{ guard: 'there are unsaved changes', target: 'editing.confirmingClose' }, { target: 'closed' }],
      },
    },
    closed: { type: 'final' },
  },
});

export type AttendanceSheetActorRef = ActorRefFrom<typeof attendanceSheetMachine>;
type Snapshot = SnapshotFrom<typeof attendanceSheetMachine>;

/** What the sheet may show and do, read by the view in one selector (zag's connect). */
export type AttendanceSheetView = {
  lesson: LessonDetail | null;
  rows: SheetRow[];
  error: SheetError | null;
  loading: boolean;
  loadFailed: boolean;
  /** Rows may be changed (editing, or after a save or a refusal). */
  editable: boolean;
  saving: boolean;
  saved: boolean;
  /** Unsaved changes: closing asks first. */
  dirty: boolean;
  confirmingClose: boolean;
  /** Why the sheet cannot be marked now (null when it can). */
  readOnly: ReturnType<typeof readOnlyReason>;
};

export function connectAttendanceSheet(s: Snapshot): AttendanceSheetView {
  const { lesson, rows, savedRows, error } = s.context;
  return {
    lesson,
    rows,
    error,
    loading: s.matches('loading'),
    loadFailed: s.matches('loadFailed'),
    editable: s.matches('editing') || s.matches('saved') || s.matches('failed'),
    saving: s.matches('saving'),
    saved: s.matches('saved'),
    dirty: hasUnsavedChanges(rows, savedRows),
    confirmingClose: s.matches({ editing: 'confirmingClose' }),
    readOnly: s.matches('readOnly') && lesson ? readOnlyReason(lesson) : null,
  };
}
