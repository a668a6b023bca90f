import { describe, expect, it } from 'vitest';
import { isFrozenOn, isMemberOn, rosterOn, type MembershipSpan } from '../../../server/domain/lessons/roster';

describe('isMemberOn', () => {
  const span = { joinedOn: '2026-03-10', leftOn: '2026-03-20' };
  it('counts the join day and the last day, nothing outside', () => {
    expect(isMemberOn(span, '2026-03-09')).toBe(false);
    expect(isMemberOn(span, '2026-03-10')).toBe(true);
    expect(isMemberOn(span, '2026-03-20')).toBe(true);
    expect(isMemberOn(span, '2026-03-21')).toBe(false);
  });
  it('an open membership runs on from the join day', () => {
    expect(isMemberOn({ joinedOn: '2026-03-10', leftOn: null }, '2027-01-01')).toBe(true);
    expect(isMemberOn({ joinedOn: '2026-03-10', leftOn: null }, '2026-03-09')).toBe(false);
  });
  it('a row closed the day before it opened (a same-day move) covers no day', () => {
    const empty = { joinedOn: '2026-03-10', leftOn: '2026-03-09' };
    expect(['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11'].some((d) => isMemberOn(empty, d))).toBe(false);
  });
});

describe('rosterOn', () => {
  const spans: MembershipSpan[] = [
    { studentId: 1, joinedOn: '2026-03-01', leftOn: null },
    { studentId: 2, joinedOn: '2026-03-01', leftOn: '2026-03-09' }, // moved on the 10th
    { studentId: 3, joinedOn: '2026-03-10', leftOn: null }, // moved in on the 10th
    { studentId: 4, joinedOn: '2026-03-15', leftOn: null },
    { studentId: 5, joinedOn: '2026-02-01', leftOn: '2026-02-10' },
    { studentId: 5, joinedOn: '2026-03-05', leftOn: null }, // came back
  ];
  it('takes the members on the date', () => {
    expect(rosterOn('2026-03-09', spans)).toEqual([1, 2, 5]);
    expect(rosterOn('2026-03-10', spans)).toEqual([1, 3, 5]);
    expect(rosterOn('2026-02-05', spans)).toEqual([5]);
  });
  it('chosen students replace the group members, each once', () => {
    expect(rosterOn('2026-03-10', spans, [], [4, 2, 4])).toEqual([4, 2]);
  });
  it('leaves out a member on the days they are frozen, and only those', () => {
    const freezes = [
      { studentId: 1, fromDate: '2026-03-09', toDate: '2026-03-20', endedOn: '2026-03-12' }, // back on the 13th
      { studentId: 5, fromDate: '2026-03-10', toDate: '2026-03-10', endedOn: '2026-03-09' }, // cancelled before it began
    ];
    expect(rosterOn('2026-03-08', spans, freezes)).toEqual([1, 2, 5]);
    expect(rosterOn('2026-03-10', spans, freezes)).toEqual([3, 5]);
    expect(rosterOn('2026-03-12', spans, freezes)).toEqual([3, 5]);
    expect(rosterOn('2026-03-13', spans, freezes)).toEqual([1, 3, 5]);
  });
  it('is empty without members on the date', () => {
    expect(rosterOn('2026-01-01', spans)).toEqual([]);
  });
});

describe('isFrozenOn', () => {
  it('covers from the first day to the earlier of the planned last day and the day it ended on', () => {
    const planned = { fromDate: '2026-03-10', toDate: '2026-03-15', endedOn: null };
    expect(['2026-03-09', '2026-03-10', '2026-03-15', '2026-03-16'].map((d) => isFrozenOn(planned, d))).toEqual([false, true, true, false]);
    const early = { ...planned, endedOn: '2026-03-11' };
    expect(['2026-03-11', '2026-03-12'].map((d) => isFrozenOn(early, d))).toEqual([true, false]);
    expect(isFrozenOn({ ...planned, endedOn: '2026-03-09' }, '2026-03-10')).toBe(false);
  });
});
