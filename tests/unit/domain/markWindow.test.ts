import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATTENDANCE_CORRECTOR_ROLES } from '../../../contract/attendance';
import { CENTRE_TIME_ZONE, centreWallClock, lessonStartsAt, lessonStarted } from '../../../contract/lessonClock';
import { ROLES } from '../../../contract/roles';
import { markWindow } from '../../../server/domain/lessons/markWindow';
import { lessonDayState } from '../../../server/domain/lessons/myDay';
import { zonedClock } from '../../../contract/timetracker';

const at = (iso: string) => new Date(iso);
const lesson = { status: 'planned', date: '2026-11-18', start_time: '16:00' };

describe('the centre clock', () => {
  it('a lesson starts at its date and time in Tashkent, written with the +05:00 offset', () => {
    expect(lessonStartsAt('2026-11-18', '16:00')).toBe('2026-11-18T16:00:00+05:00');
    expect(lessonStartsAt('2026-11-18', '09:30:00')).toBe('2026-11-18T09:30:00+05:00');
    expect(new Date(lessonStartsAt('2026-11-18', '16:00')).toISOString()).toBe('2026-11-18T11:00:00.000Z');
  });

  it('the fixed offset agrees with the time zone database for any instant of 1995-2040', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1995, 0, 1), max: Date.UTC(2040, 0, 1) }), (ms) => {
        const now = new Date(ms);
        const wall = centreWallClock(now);
        const zoned = zonedClock(now, CENTRE_TIME_ZONE);
        expect(wall.date).toBe(zoned.day);
        expect(Number(wall.time.slice(0, 2)) * 60 + Number(wall.time.slice(3, 5))).toBe(zoned.minutes);
      }),
    );
  });

  it('a lesson has started from its first second on, never before', () => {
    expect(lessonStarted(lesson, at('2026-11-18T11:46:00+05:00'))).toBe(false);
    expect(lessonStarted(lesson, at('2026-11-18T15:59:59+05:00'))).toBe(false);
    expect(lessonStarted(lesson, at('2026-11-18T16:00:00+05:00'))).toBe(true);
    expect(lessonStarted(lesson, at('2026-11-19T08:00:00+05:00'))).toBe(true);
    // 23:00 UTC on the 17th is already 04:00 on the 18th in Tashkent: the lesson is still hours away.
    expect(lessonStarted(lesson, at('2026-11-17T23:00:00Z'))).toBe(false);
  });
});

describe('when attendance may be marked (markWindow)', () => {
  it('11:46 for a lesson at 16:00: closed for everyone, and it says when it opens', () => {
    for (const role of ROLES) {
      expect(markWindow(lesson, role, at('2026-11-18T11:46:00+05:00'))).toEqual({
        opens_at: '2026-11-18T16:00:00+05:00',
        can_mark: false,
        locked: 'not_started',
        correction: false,
      });
    }
  });

  it('from the start to midnight: open to the teacher and the office alike, not a correction', () => {
    for (const now of ['2026-11-18T16:00:00+05:00', '2026-11-18T23:59:59+05:00']) {
      expect(markWindow(lesson, 'TEACHER', at(now))).toMatchObject({ can_mark: true, locked: null, correction: false });
      expect(markWindow(lesson, 'SERVICE_SALES', at(now))).toMatchObject({ can_mark: true, correction: false });
    }
  });

  it('after the lesson’s day only the corrector roles may change it, as a correction', () => {
    const next = at('2026-11-19T00:00:00+05:00');
    for (const role of ROLES) {
      const w = markWindow(lesson, role, next);
      expect(w.correction).toBe(true);
      expect(w.can_mark).toBe(ATTENDANCE_CORRECTOR_ROLES.includes(role));
      expect(w.locked).toBe(ATTENDANCE_CORRECTOR_ROLES.includes(role) ? null : 'closed');
    }
  });

  it('a cancelled lesson is never marked', () => {
    expect(markWindow({ ...lesson, status: 'cancelled' }, 'DIRECTOR', at('2026-11-18T17:00:00+05:00'))).toMatchObject({ can_mark: false, locked: 'cancelled' });
  });

  it('no instant before the start ever opens the register, for any role', () => {
    const start = Date.parse('2026-11-18T16:00:00+05:00');
    fc.assert(
      fc.property(fc.integer({ min: start - 40 * 86_400_000, max: start - 1 }), fc.constantFrom(...ROLES), (ms, role) => {
        expect(markWindow(lesson, role, new Date(ms)).can_mark).toBe(false);
      }),
    );
  });
});

describe('a teacher’s lesson of today (lessonDayState)', () => {
  it('not started, open, marked or cancelled', () => {
    const before = at('2026-11-18T11:46:00+05:00');
    const after = at('2026-11-18T16:05:00+05:00');
    expect(lessonDayState({ ...lesson, status: 'planned' }, before)).toBe('not_started');
    expect(lessonDayState({ ...lesson, status: 'planned' }, after)).toBe('open');
    expect(lessonDayState({ ...lesson, status: 'held' }, after)).toBe('marked');
    expect(lessonDayState({ ...lesson, status: 'cancelled' }, after)).toBe('cancelled');
    // A lesson marked ahead of its start by the old rules still shows as not started.
    expect(lessonDayState({ ...lesson, status: 'held' }, before)).toBe('not_started');
  });
});
