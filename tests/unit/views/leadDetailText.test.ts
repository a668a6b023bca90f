import { describe, expect, it } from 'vitest';
import type { Translate } from '../../../src/i18n';
import { logText } from '../../../src/views/leads/detail/historyText';
import { subjectChoices } from '../../../src/views/leads/detail/subjectChoices';

// Keys come back as written, with their parameters, so the test reads what the row is made of.
const t: Translate = (key, params) => (params ? `${key}${JSON.stringify(params)}` : key);
const row = (action: string, from: string | null, to: string | null, comment = '') => ({ action, from_stage: from, to_stage: to, comment });

describe('logText', () => {
  it('names the action and the stages a move went between', () => {
    expect(logText(row('stage', 'YANGI_LEAD', 'KUTULMOQDA'), t, 'uz')).toEqual({
      title: 'lead_detail.history.action.stage',
      detail: 'leads.stage.YANGI_LEAD → leads.stage.KUTULMOQDA',
    });
  });
  it('calls a move from an order back to waiting a cancelled order', () => {
    expect(logText(row('stage', 'ORDER_CREATED', 'KUTULMOQDA'), t, 'uz').title).toBe('lead_detail.history.action.cancelOrder');
    expect(logText(row('stage', 'KUTULMOQDA', 'YANGI_LEAD'), t, 'uz').title).toBe('lead_detail.history.action.stage');
  });
  it('turns an order’s and a join’s day into the first lesson in the interface’s date format', () => {
    expect(logText(row('order', 'KUTULMOQDA', 'ORDER_CREATED', '2026-11-24'), t, 'uz').detail).toBe(
      'leads.stage.KUTULMOQDA → leads.stage.ORDER_CREATED · lead_detail.history.firstLesson{"date":"24.11.2026"}',
    );
    expect(logText(row('join', 'ORDER_CREATED', 'JOINED', '2026-11-24'), t, 'en').detail).toContain('{"date":"Nov 24, 2026"}');
  });
  it('words an archive reason and leaves a stage that did not change out', () => {
    expect(logText(row('archive', 'KUTULMOQDA', 'KUTULMOQDA', 'too_expensive'), t, 'uz')).toEqual({
      title: 'lead_detail.history.action.archive',
      detail: 'leads.archive_reason.too_expensive',
    });
  });
  it('shows unknown actions and free notes as written', () => {
    expect(logText(row('merge', null, null, 'Onasi qo‘ng‘iroq qildi'), t, 'uz')).toEqual({ title: 'merge', detail: 'Onasi qo‘ng‘iroq qildi' });
    expect(logText(row('create', null, 'YANGI_LEAD'), t, 'uz')).toEqual({ title: 'lead_detail.history.action.create', detail: '' });
  });
});

describe('subjectChoices', () => {
  const course = (subject_id: number, subject_name: string, level_id: number, level_name: string) => ({
    course: { id: 1, name: 'c', subject_id, subject_name, level_id, level_name },
  });
  it('offers each subject the branch teaches once, with its levels, by name', () => {
    const groups = [course(2, 'Matematika', 20, 'Abituriyent'), course(1, 'Ingliz tili', 11, 'Intermediate'), course(1, 'Ingliz tili', 10, 'Beginner'), course(1, 'Ingliz tili', 10, 'Beginner')];
    expect(subjectChoices(groups, { subject: null, level: null })).toEqual([
      { id: 1, name: 'Ingliz tili', levels: [{ id: 10, name: 'Beginner' }, { id: 11, name: 'Intermediate' }] },
      { id: 2, name: 'Matematika', levels: [{ id: 20, name: 'Abituriyent' }] },
    ]);
  });
  it('keeps the lead’s own subject and level when no group teaches them now', () => {
    expect(subjectChoices([], { subject: { id: 3, name: 'Rus tili' }, level: { id: 30, name: 'A1' } })).toEqual([
      { id: 3, name: 'Rus tili', levels: [{ id: 30, name: 'A1' }] },
    ]);
  });
});
