// The pure rules split out of the larger machines, tested on their own: the optimistic-move pattern's context
// updates and states, and the rules of the lead stage, student status, attendance sheet and test editor.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { allPresent, editRow, msUntilOpen, RECHECK_MS, type SheetRow } from '../../../src/machines/attendanceSheet.rules';
import { LEAD_MOVE_MESSAGES, leadMoveError, shownOf, type LeadCard } from '../../../src/machines/leadStage.rules';
import { allowsMove, beginMove, initialContext, optimisticStates, pendingMove, rollBackMove, type MoveRules } from '../../../src/machines/optimisticMove';
import { answeredStudent, STUDENT_MOVE_MESSAGES, studentMoveToast, studentRequestMoves } from '../../../src/machines/studentStatus.rules';
import { emptyDraft } from '../../../src/machines/testDraft';
import { classifyFailure, draftIssues, openedDraft, testPath } from '../../../src/machines/testEditor.rules';

type Counter = { id: number; n: number };
type Step = { type: 'up' } | { type: 'down' };
const rules: MoveRules<Counter, Step> = {
  moveOf: (event) => (event.type === 'c.up' ? { type: 'up' } : event.type === 'c.down' ? { type: 'down' } : null),
  moved: (item, move) => (move.type === 'down' && item.n === 0 ? null : { ...item, n: item.n + (move.type === 'up' ? 1 : -1) }),
  errorOf: (error) => (error instanceof Error ? error.message : 'failed'),
};

describe('the optimistic-move pattern', () => {
  it('shows the move at once, keeps what to roll back to, and rolls back with the message', () => {
    const start = initialContext<Counter, { type: string }>({ id: 1, n: 0 });
    expect(allowsMove(rules, start.item, { type: 'c.down' })).toBe(false);
    expect(allowsMove(rules, start.item, { type: 'c.up' })).toBe(true);
    expect(beginMove(rules, start, { type: 'c.down' })).toEqual({});
    const saving = { ...start, ...beginMove(rules, start, { type: 'c.up' }) };
    expect(saving).toEqual({ item: { id: 1, n: 1 }, previous: { id: 1, n: 0 }, pending: { type: 'c.up' }, error: null });
    expect(pendingMove(rules, saving)).toEqual({ type: 'up' });
    expect(rollBackMove(rules, saving, new Error('refused'))).toEqual({ item: { id: 1, n: 0 }, previous: null, error: 'refused' });
  });

  it('builds one state per place with the moves leaving it, and one saving child per move', () => {
    const states = optimisticStates({ id: 'c', prefix: 'c', shown: [['zero', ['up']], ['more', ['up', 'down']]], noRetry: ['zero'], sync: true }, () => null);
    expect(Object.keys(states)).toEqual(['placing', 'zero', 'more', 'saving']);
    expect(Object.keys(states.more.on)).toEqual(['c.sync', 'c.up', 'c.down']);
    expect(Object.keys(states.zero.states.failed.on)).toEqual(['c.dismiss']);
    expect(Object.keys(states.more.states.failed.on)).toEqual(['c.retry', 'c.dismiss']);
    expect(Object.keys(states.saving.states)).toEqual(['up', 'down']);
    expect(states.placing.always).toHaveLength(4);
  });
});

describe('lead stage rules', () => {
  const lead: LeadCard = { id: 1, stage: 'KUTULMOQDA', is_archived: false, archived_reason: null, order: null };
  it('shows an archived lead as archived whatever its stage', () => {
    expect(shownOf(lead)).toBe('KUTULMOQDA');
    expect(shownOf({ ...lead, is_archived: true })).toBe('archived');
  });
  it("says the server's words, else the field it names, else the general failure", () => {
    expect(leadMoveError(new ApiError(409, 'No.'))).toBe('No.');
    expect(leadMoveError(new ApiError(400, undefined, { first_lesson_date: ['Not a lesson day.'] }))).toBe('Not a lesson day.');
    expect(leadMoveError(new Error('x'))).toBe(LEAD_MOVE_MESSAGES.failed);
  });
});

describe('student status rules', () => {
  const student = { id: 3, status: 'frozen' as const, archived_from_status: null };
  it('keeps the status the server answered (a freeze from a later day leaves the student active)', () => {
    expect(answeredStudent(student, { status: 'active' })).toEqual({ ...student, status: 'active' });
    expect(answeredStudent(student, { status: 'archived', archived_from_status: 'frozen' })).toEqual({ ...student, status: 'archived', archived_from_status: 'frozen' });
    expect(answeredStudent(student, {})).toBe(student);
  });
  it('toasts a scheduled freeze as scheduled', () => {
    const freeze = { type: 'freeze' as const, from_date: '2026-12-01', to_date: '2026-12-10', reason: 'x' };
    expect(studentMoveToast(freeze, { status: 'active' }).message).toBe(STUDENT_MOVE_MESSAGES.scheduled);
    expect(studentMoveToast(freeze, { status: 'frozen' }).message).toBe(STUDENT_MOVE_MESSAGES.done('freeze'));
  });
  it('offers no enrol: joining a group does that', () => {
    expect(studentRequestMoves({ id: 1, status: 'testing', archived_from_status: null })).toEqual(['archive']);
    expect(studentRequestMoves({ id: 1, status: 'archived', archived_from_status: 'active' })).toEqual(['unarchive']);
  });
});

describe('attendance sheet rules', () => {
  const row = (id: number, over: Partial<SheetRow> = {}): SheetRow => ({ student: { id, full_name: `S${id}`, phone: '' }, status: null, mark: '', comment: '', ...over });
  it("edits one row, clears its error, and clears a mark when the student is absent", () => {
    const error = { detail: 'Check the marks.', rows: { 1: { mark: 'bad' }, 2: { mark: 'bad' } } };
    const edited = editRow([row(1, { status: 'present', mark: '90' }), row(2)], error, 1, { status: 'absent' });
    expect(edited.rows[0]).toMatchObject({ status: 'absent', mark: '' });
    expect(edited.error).toEqual({ detail: 'Check the marks.', rows: { 2: { mark: 'bad' } } });
    expect(allPresent(edited.rows).map((r) => r.status)).toEqual(['present', 'present']);
  });
  it('waits for the opening, at least the recheck interval', () => {
    const now = Date.parse('2026-11-26T09:00:00Z');
    expect(msUntilOpen({ opens_at: '2026-11-26T10:00:00Z' }, now)).toBe(3_601_000);
    expect(msUntilOpen({ opens_at: '2026-11-26T08:00:00Z' }, now)).toBe(RECHECK_MS);
  });
});

describe('test editor rules', () => {
  it('opens the kept copy only when it differs from the saved test', () => {
    const saved = emptyDraft();
    const kept = { ...saved, title: 'Kept' };
    expect(openedDraft(saved, kept)).toEqual({ draft: kept, restored: true });
    expect(openedDraft(saved, { ...saved })).toEqual({ draft: saved, restored: false });
    expect(openedDraft(saved, null)).toEqual({ draft: saved, restored: false });
  });
  it('names why a request failed, and the address of a test', () => {
    expect(classifyFailure(new ApiError(0))).toEqual({ kind: 'network' });
    expect(classifyFailure(new ApiError(409, 'Taken.'))).toEqual({ kind: 'conflict', detail: 'Taken.' });
    expect(testPath(null)).toBe('/edu/test/create');
    expect(testPath(4)).toBe('/edu/test/create?id=4');
  });
  it('finds the issues of an empty draft', () => {
    expect(Object.keys(draftIssues(emptyDraft(), 1))).toContain('title');
  });
});
