import { describe, expect, it } from 'vitest';
import { attendanceMissing, dayLateness, dueAt, freeRooms, lateForLesson, lessonPhase } from '../../../../server/domain/monitoring/rules';

const m = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

describe('monitoring rules', () => {
  it('puts a lesson in the part of the day it is in (end exclusive, next within two hours)', () => {
    expect(lessonPhase('16:00:00', '17:30:00', m('16:00'))).toBe('now');
    expect(lessonPhase('16:00', '17:30', m('17:29'))).toBe('now');
    expect(lessonPhase('16:00', '17:30', m('17:30'))).toBe('done');
    expect(lessonPhase('16:00', '17:30', m('15:59'))).toBe('next');
    expect(lessonPhase('16:00', '17:30', m('14:00'))).toBe('next');
    expect(lessonPhase('16:00', '17:30', m('13:59'))).toBe('later');
  });

  it('flags a teacher late for a started lesson when not arrived or arrived after its start', () => {
    expect(lateForLesson('16:00', m('15:50'), null)).toBe(false);
    expect(lateForLesson('16:00', m('16:00'), null)).toBe(true);
    expect(lateForLesson('16:00', m('16:10'), m('15:55'))).toBe(false);
    expect(lateForLesson('16:00', m('16:10'), m('16:00'))).toBe(false);
    expect(lateForLesson('16:00', m('16:10'), m('16:01'))).toBe(true);
  });

  it('calls attendance missing only once the lesson has started', () => {
    expect(attendanceMissing('16:00', m('15:59'), 5, 0)).toBe(false);
    expect(attendanceMissing('16:00', m('16:00'), 5, 4)).toBe(true);
    expect(attendanceMissing('16:00', m('16:30'), 5, 5)).toBe(false);
    expect(attendanceMissing('16:00', m('16:30'), 0, 0)).toBe(false);
  });

  it('expects a person at the earlier of the work start (on a work day) and the first lesson', () => {
    expect(dueAt('09:00:00', true, '14:00:00')).toBe(m('09:00'));
    expect(dueAt('09:00', false, '14:00')).toBe(m('14:00'));
    expect(dueAt('15:00', true, '14:00')).toBe(m('14:00'));
    expect(dueAt(null, true, null)).toBeNull();
    expect(dueAt('09:00', false, null)).toBeNull();
  });

  it('measures lateness after an arrival, or since the due time while absent', () => {
    expect(dayLateness(m('09:00'), m('12:00'), m('09:20'), 20)).toBe(20);
    expect(dayLateness(m('16:00'), m('16:10'), m('16:05'), 0)).toBe(5);
    expect(dayLateness(m('09:00'), m('12:00'), m('08:50'), 0)).toBe(0);
    expect(dayLateness(m('09:00'), m('09:30'), null, 0)).toBe(30);
    expect(dayLateness(m('09:00'), m('08:30'), null, 0)).toBe(0);
    expect(dayLateness(null, m('12:00'), m('11:00'), 7)).toBe(7);
    expect(dayLateness(null, m('12:00'), null, 0)).toBe(0);
  });

  it('lists rooms with no lesson now and when each is next busy', () => {
    const rooms = [{ id: 1 }, { id: 2 }, { id: 3 }];
    const slots = [
      { roomId: 1, start: '16:00:00', end: '17:30:00', groupId: 10, groupName: 'A' },
      { roomId: 2, start: '09:00:00', end: '10:30:00', groupId: 11, groupName: 'B' },
      { roomId: 2, start: '19:00:00', end: '20:00:00', groupId: null, groupName: null },
      { roomId: 2, start: '17:30:00', end: '19:00:00', groupId: 12, groupName: 'C' },
    ];
    expect(freeRooms(rooms, slots, m('16:10'))).toEqual([
      { room: { id: 2 }, busyFrom: '17:30', next: { id: 12, name: 'C' } },
      { room: { id: 3 }, busyFrom: null, next: null },
    ]);
    expect(freeRooms(rooms, slots, m('18:00')).map((r) => [r.room.id, r.busyFrom, r.next])).toEqual([
      [1, null, null],
      [3, null, null],
    ]);
  });
});
