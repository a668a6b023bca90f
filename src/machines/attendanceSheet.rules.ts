// The attendance sheet's pure rules: the rows of a loaded lesson, whether and when it can be marked, unsaved
// changes, the request items (or the rows' errors), a row edit, and the server's refusal as the sheet shows it.
import { ABSENT_MARK_MESSAGE, attendanceItem, type MarkLock } from '../../contract/attendance';
import type { AttendanceStatus, LessonDetail } from '../../contract/lessons';
import { ApiError } from '../api/errors';

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

export type SaveItem = {
  student: number;
  status: AttendanceStatus;
  mark: number | null;
  comment: string;
};

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
export const RECHECK_MS = 15_000;

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

/** Editing a row clears that row's error; the message above the rows stays until the next save. */
const withoutRowError = (error: SheetError | null, student: number): SheetError | null => {
  if (!error || !(student in error.rows)) return error;
  const rows = { ...error.rows };
  delete rows[student];
  return { ...error, rows };
};

/** The rows and the error after one row's edit. An absent student gets no mark: choosing absent clears one typed. */
export function editRow(rows: readonly SheetRow[], error: SheetError | null, student: number, change: Partial<Pick<SheetRow, 'status' | 'mark' | 'comment'>>) {
  const cleared = change.status === 'absent' ? { ...change, mark: '' } : change;
  return {
    rows: rows.map((row) => (row.student.id === student ? { ...row, ...cleared } : row)),
    error: withoutRowError(error, student),
  };
}

/** Every row present (the sheet's one-click fill). */
export const allPresent = (rows: readonly SheetRow[]): SheetRow[] => rows.map((row) => ({ ...row, status: 'present' as const }));
