import { describe, expect, it } from 'vitest';
import { firstLessonsQuery } from '../../../contract/firstLessons';
import { leadPatchBody } from '../../../contract/leads';
import { firstLessonPeriod } from '../../../server/domain/leads/firstLessons';
import { firstLessonHeld } from '../../../server/domain/leads/joinLead';

describe('first lessons period', () => {
  const today = '2026-11-23';
  it('is a week back and a week ahead of today by default, one day with date, else the given range', () => {
    expect(firstLessonPeriod({}, today)).toEqual({ from: '2026-11-16', to: '2026-11-30' });
    expect(firstLessonPeriod({ date: '2026-12-01', start_date: '2026-01-01' }, today)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(firstLessonPeriod({ start_date: '2026-11-01', end_date: '2026-11-05' }, today)).toEqual({ from: '2026-11-01', to: '2026-11-05' });
    expect(firstLessonPeriod({ start_date: '2026-11-25' }, today)).toEqual({ from: '2026-11-25', to: '2026-11-30' });
    expect(firstLessonPeriod({ end_date: '2026-12-31' }, '2027-01-03')).toEqual({ from: '2026-12-27', to: '2026-12-31' });
  });

  it('refuses a range that ends before it starts', () => {
    expect(firstLessonsQuery.safeParse({ start_date: '2026-11-05', end_date: '2026-11-01' }).success).toBe(false);
    expect(firstLessonsQuery.safeParse({ start_date: '2026-11-01', end_date: '2026-11-01', filial: '' }).success).toBe(true);
  });
});

describe('joining an order', () => {
  it('waits until the first lesson day', () => {
    expect(firstLessonHeld('2026-11-23', '2026-11-23')).toBe(true);
    expect(firstLessonHeld('2026-11-20', '2026-11-23')).toBe(true);
    expect(firstLessonHeld('2026-11-24', '2026-11-23')).toBe(false);
    expect(firstLessonHeld(null, '2026-11-23')).toBe(false);
  });

  it('is a PATCH of its own: JOINED takes only a student id, and a student id needs JOINED', () => {
    expect(leadPatchBody.safeParse({ stage: 'JOINED' }).success).toBe(true);
    expect(leadPatchBody.safeParse({ stage: 'JOINED', student: 4 }).success).toBe(true);
    const mixed = leadPatchBody.safeParse({ stage: 'JOINED', comment: 'x' });
    expect(mixed.success ? [] : mixed.error.issues.map((i) => i.path.join('.'))).toEqual(['comment']);
    const stray = leadPatchBody.safeParse({ stage: 'KUTULMOQDA', student: 4 });
    expect(stray.success ? [] : stray.error.issues.map((i) => i.path.join('.'))).toEqual(['student']);
  });
});
