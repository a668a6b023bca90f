import { describe, expect, it } from 'vitest';
import { canMoveTask, dueAcceptable, isOverdue, nextTaskStatuses, taskCreate, taskLink } from '../../../contract/tasks';

describe('task status moves', () => {
  it('goes new → in_progress → done, cancels any open task, never leaves done or cancelled', () => {
    expect(canMoveTask('new', 'in_progress')).toBe(true);
    expect(canMoveTask('in_progress', 'done')).toBe(true);
    expect(canMoveTask('new', 'done')).toBe(false);
    expect(canMoveTask('in_progress', 'new')).toBe(false);
    expect(canMoveTask('new', 'cancelled')).toBe(true);
    expect(canMoveTask('in_progress', 'cancelled')).toBe(true);
    expect(canMoveTask('done', 'cancelled')).toBe(false);
    expect(canMoveTask('cancelled', 'new')).toBe(false);
    expect(canMoveTask('done', 'done')).toBe(true);
    expect(nextTaskStatuses('new')).toEqual(['in_progress', 'cancelled']);
    expect(nextTaskStatuses('in_progress')).toEqual(['done', 'cancelled']);
    expect(nextTaskStatuses('done')).toEqual([]);
  });

  it('is overdue only while open and past due; a due time may be up to five minutes past', () => {
    const now = new Date('2026-01-05T10:00:00Z');
    expect(isOverdue({ status: 'new', due_at: '2026-01-05T09:59:00Z' }, now)).toBe(true);
    expect(isOverdue({ status: 'in_progress', due_at: '2026-01-05T10:01:00Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'done', due_at: '2026-01-05T09:00:00Z' }, now)).toBe(false);
    expect(dueAcceptable('2026-01-05T09:55:00Z', now)).toBe(true);
    expect(dueAcceptable('2026-01-05T09:54:59Z', now)).toBe(false);
    expect(taskLink(7)).toBe('/tasks?id=7');
  });

  it('needs an offset on the due time and trims the title', () => {
    const ok = taskCreate.safeParse({ title: ' Call ', performer: 2, due_at: '2026-01-05T14:30:00+05:00', filial: 1 });
    expect(ok.success && ok.data.title).toBe('Call');
    expect(taskCreate.safeParse({ title: 'Call', performer: 2, due_at: '2026-01-05T14:30:00', filial: 1 }).success).toBe(false);
  });
});
