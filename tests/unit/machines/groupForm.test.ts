import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError, toApiError } from '../../../src/api/errors';
import type { AvailabilityRequest } from '../../../src/api/groups';
import type { Availability, Clash, Group, GroupBody } from '../../../contract/groups';
import { AVAILABILITY_DEBOUNCE_MS, connectGroupForm, type GroupFormEmitted, groupFormMachine } from '../../../src/machines/groupForm';
import { addMonths, availabilityRequest, classifySaveError, draftErrors, emptyDraft, endDateFor } from '../../../src/machines/groupForm.draft';
import { deferred } from '../support/fakes';

const FILIAL = 1;
const schedule = { days: [1, 3, 5], start_time: '14:00', end_time: '15:30', start_date: '2026-02-02', end_date: '2026-06-30' };

const clash: Clash = { kind: 'room', group: { id: 4, name: 'IELTS 5' }, days: [1, 3], start_time: '14:00', end_time: '15:30' };

function answer(busyRoom = 10): Availability {
  return {
    rooms: [
      { id: busyRoom, name: '101', capacity: 12, room_type: 'classroom', free: false, clash },
      { id: 11, name: '102', capacity: 16, room_type: 'classroom', free: true },
    ],
    teachers: [
      { id: 20, full_name: 'Aziza Karimova', role: 'TEACHER', free: true },
      { id: 21, full_name: 'Bobur Aliyev', role: 'TEACHER', free: false, clash: { ...clash, kind: 'teacher' } },
    ],
  };
}

function savedGroup(body: GroupBody, id = 99): Group {
  return {
    id,
    filial: FILIAL,
    filial_name: 'Chilonzor',
    name: body.name as string,
    course: { id: body.course as number, name: 'English B1', subject_id: 1, subject_name: 'English', level_id: 2, level_name: 'B1' },
    teacher: { id: body.teacher as number, full_name: 'Aziza Karimova' },
    assistant: null,
    room: { id: body.room as number, name: '102' },
    days: body.days as number[],
    start_time: body.start_time as string,
    end_time: body.end_time as string,
    start_date: body.start_date as string,
    end_date: body.end_date as string,
    price: (body.price as string | undefined) ?? '450000.00',
    status: 'active',
    is_secondary: false,
    parent_group: null,
    students_count: 0,
  };
}

type Fakes = {
  check?: (q: AvailabilityRequest) => Promise<Availability>;
  save?: (input: { id: number | null; body: GroupBody }) => Promise<Group>;
};

function start(fakes: Fakes = {}) {
  const check = vi.fn(fakes.check ?? (async () => answer()));
  const save = vi.fn(fakes.save ?? (async (input: { id: number | null; body: GroupBody }) => savedGroup(input.body, input.id ?? 99)));
  const machine = groupFormMachine.provide({
    actors: {
      checkAvailability: fromPromise(({ input }) => check(input)),
      saveGroup: fromPromise(({ input }) => save(input)),
    },
  });
  const actor = createActor(machine).start();
  const emitted: GroupFormEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as GroupFormEmitted));
  return { actor, check, save, emitted };
}

type Actor = ReturnType<typeof start>['actor'];

/** A complete, valid draft for Chilonzor with the schedule above, room 10 and teacher 20. */
function fillIn(actor: Actor) {
  actor.send({ type: 'field.change', field: 'name', value: 'English B1 — 14:00' });
  actor.send({ type: 'course.choose', course: 5, price: '450000.00', durationMonths: 5 });
  actor.send({ type: 'field.change', field: 'teacher', value: 20 });
  actor.send({ type: 'field.change', field: 'room', value: 10 });
  actor.send({ type: 'schedule.change', schedule });
}

const state = (actor: Actor) => actor.getSnapshot();

describe('group form machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens for a new group in the branch with today as the start date and nothing to check yet', () => {
    const { actor, check } = start();
    expect(state(actor).matches({ closed: 'idle' })).toBe(true);
    actor.send({ type: 'form.create', filial: FILIAL, today: '2026-02-02' });
    expect(state(actor).matches({ open: { editing: 'incomplete' } })).toBe(true);
    expect(state(actor).context.draft).toEqual(emptyDraft('2026-02-02'));
    expect(check).not.toHaveBeenCalled();
  });

  it('asks the assistant 300 ms after the last change of days, times or dates', async () => {
    const { actor, check } = start();
    actor.send({ type: 'form.create', filial: FILIAL });
    actor.send({ type: 'schedule.change', schedule });
    expect(state(actor).matches({ open: { editing: 'debouncing' } })).toBe(true);
    expect(connectGroupForm(state(actor)).checking).toBe(true);
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS - 50);
    actor.send({ type: 'schedule.change', schedule: { days: [1, 3] } });
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS - 1);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith({ ...schedule, days: [1, 3], filial: FILIAL, exclude_group: null });
    expect(state(actor).matches({ open: { editing: 'known' } })).toBe(true);
    expect(state(actor).context.availability).toEqual(answer());
  });

  it('a change while the check is in flight drops that answer and asks again', async () => {
    const first = deferred<Availability>();
    let calls = 0;
    const { actor, check } = start({ check: () => (++calls === 1 ? first.promise : Promise.resolve(answer(11))) });
    actor.send({ type: 'form.create', filial: FILIAL });
    actor.send({ type: 'schedule.change', schedule });
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS);
    expect(state(actor).matches({ open: { editing: 'checking' } })).toBe(true);
    actor.send({ type: 'schedule.change', schedule: { start_time: '16:00', end_time: '17:30' } });
    first.resolve(answer(10));
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS);
    expect(check).toHaveBeenCalledTimes(2);
    expect(state(actor).context.availability?.rooms[0].id).toBe(11);
  });

  it('an incomplete or reversed schedule forgets the last answer and asks nothing', async () => {
    const { actor, check } = start();
    actor.send({ type: 'form.create', filial: FILIAL });
    actor.send({ type: 'schedule.change', schedule });
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS);
    expect(state(actor).context.availability).not.toBeNull();
    actor.send({ type: 'schedule.change', schedule: { end_time: '13:00' } });
    expect(state(actor).matches({ open: { editing: 'incomplete' } })).toBe(true);
    expect(state(actor).context.availability).toBeNull();
    actor.send({ type: 'schedule.change', schedule: { end_time: '15:30', days: [] } });
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS * 2);
    expect(state(actor).matches({ open: { editing: 'incomplete' } })).toBe(true);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('a failed check can be retried', async () => {
    let calls = 0;
    const { actor } = start({ check: async () => (++calls === 1 ? Promise.reject(new ApiError(500)) : answer()) });
    actor.send({ type: 'form.create', filial: FILIAL });
    actor.send({ type: 'schedule.change', schedule });
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS);
    expect(state(actor).matches({ open: { editing: 'unavailable' } })).toBe(true);
    actor.send({ type: 'availability.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state(actor).matches({ open: { editing: 'known' } })).toBe(true);
  });

  it('the course fills in its price and the end date until the price is typed', () => {
    const { actor } = start();
    actor.send({ type: 'form.create', filial: FILIAL, today: '2026-02-02' });
    actor.send({ type: 'course.choose', course: 5, price: '450000.00', durationMonths: 3 });
    expect(state(actor).context.draft).toMatchObject({ course: 5, price: '450000.00', end_date: '2026-05-01' });
    actor.send({ type: 'course.choose', course: 6, price: '500000.00', durationMonths: 6 });
    expect(state(actor).context.draft).toMatchObject({ course: 6, price: '500000.00', end_date: '2026-05-01' });
    actor.send({ type: 'field.change', field: 'price', value: '420000' });
    actor.send({ type: 'course.choose', course: 5, price: '450000.00' });
    expect(state(actor).context.draft).toMatchObject({ course: 5, price: '420000' });
  });

  it('an invalid draft is not sent: the contract messages go under the fields, and a change clears its own', () => {
    const { actor, save } = start();
    actor.send({ type: 'form.create', filial: FILIAL });
    actor.send({ type: 'form.submit' });
    expect(state(actor).matches({ open: 'editing' })).toBe(true);
    const errors = state(actor).context.errors;
    expect(Object.keys(errors).sort()).toEqual(['course', 'days', 'end_date', 'end_time', 'name', 'room', 'start_date', 'start_time', 'teacher']);
    expect(errors.name).toEqual(['validation.required']);
    expect(errors.days).toEqual(['validation.days']);
    actor.send({ type: 'field.change', field: 'name', value: 'A' });
    expect(state(actor).context.errors.name).toBeUndefined();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves a valid draft, toasts, announces the group and closes', async () => {
    const answerSave = deferred<Group>();
    const { actor, save, emitted } = start({ save: () => answerSave.promise });
    actor.send({ type: 'form.create', filial: FILIAL });
    fillIn(actor);
    actor.send({ type: 'form.submit' });
    expect(connectGroupForm(state(actor)).submitting).toBe(true);
    expect(save).toHaveBeenCalledWith({
      id: null,
      body: { filial: FILIAL, name: 'English B1 — 14:00', course: 5, teacher: 20, assistant: null, room: 10, ...schedule, price: '450000.00', status: 'active' },
    });
    actor.send({ type: 'form.close' }); // not while the request is in flight
    expect(connectGroupForm(state(actor)).open).toBe(true);
    const group = savedGroup(save.mock.calls[0][0].body);
    answerSave.resolve(group);
    await vi.advanceTimersByTimeAsync(0);
    expect(state(actor).matches({ closed: 'saved' })).toBe(true);
    expect(state(actor).context.saved).toEqual(group);
    expect(emitted).toEqual([
      { type: 'toast.show', severity: 'success', message: 'groups.saved' },
      { type: 'group.saved', group },
    ]);
  });

  it('409: shows the clash with this slot’s free rooms; picking one returns to editing with it and the save succeeds', async () => {
    let saves = 0;
    const { actor, save, check, emitted } = start({
      save: async (input) => {
        if (++saves === 1) throw new ApiError(409, 'Room is busy', undefined, undefined, { detail: 'Room is busy', conflict: clash });
        return savedGroup(input.body);
      },
    });
    actor.send({ type: 'form.create', filial: FILIAL });
    fillIn(actor);
    actor.send({ type: 'form.submit' }); // before the assistant has answered
    await vi.advanceTimersByTimeAsync(0);
    expect(state(actor).matches({ open: 'conflict' })).toBe(true);
    expect(connectGroupForm(state(actor)).conflict).toEqual(clash);
    // The conflict asks the assistant about the same slot at once.
    expect(check).toHaveBeenCalledTimes(1);
    expect(state(actor).matches({ open: { conflict: 'ready' } })).toBe(true);
    const free = state(actor).context.availability?.rooms.find((r) => r.free);
    expect(free?.id).toBe(11);

    actor.send({ type: 'room.pick', room: 11 });
    expect(state(actor).matches({ open: { editing: 'known' } })).toBe(true); // the answer still fits the slot
    expect(state(actor).context.draft.room).toBe(11);
    expect(connectGroupForm(state(actor)).conflict).toBeNull();

    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1][0].body.room).toBe(11);
    expect(state(actor).matches({ closed: 'saved' })).toBe(true);
    expect(emitted.map((e) => e.type)).toEqual(['toast.show', 'group.saved']);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('409: a free teacher can be picked, another change leaves the clash, and saving again is allowed', async () => {
    const teacherClash = { ...clash, kind: 'teacher' as const };
    const { actor, save } = start({
      save: async () => {
        throw new ApiError(409, 'Teacher is busy', undefined, undefined, { detail: 'Teacher is busy', conflict: teacherClash });
      },
    });
    actor.send({ type: 'form.create', filial: FILIAL });
    fillIn(actor);
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'teacher.pick', teacher: 20 });
    expect(state(actor).matches({ open: 'editing' })).toBe(true);
    expect(state(actor).context.draft.teacher).toBe(20);

    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'field.change', field: 'name', value: 'Other name' });
    expect(state(actor).matches({ open: 'editing' })).toBe(true);
    expect(state(actor).context.conflict).toBeNull();

    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'schedule.change', schedule: { start_time: '16:00', end_time: '17:00' } });
    expect(state(actor).matches({ open: { editing: 'debouncing' } })).toBe(true);

    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state(actor).matches({ open: 'conflict' })).toBe(true);
    actor.send({ type: 'form.submit' });
    expect(connectGroupForm(state(actor)).submitting).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(5);
  });

  it('400: the server’s messages show under their fields; a change goes back to editing, a valid submit saves', async () => {
    let saves = 0;
    const { actor } = start({
      save: async (input) => {
        if (++saves === 1) throw new ApiError(400, undefined, { name: ['Bu nom band'] });
        return savedGroup(input.body);
      },
    });
    actor.send({ type: 'form.create', filial: FILIAL });
    fillIn(actor);
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state(actor).matches({ open: 'failed' })).toBe(true);
    expect(state(actor).context.errors).toEqual({ name: ['Bu nom band'] });
    actor.send({ type: 'form.submit' }); // as it stands: the draft is valid, so it is sent again
    await vi.advanceTimersByTimeAsync(0);
    expect(state(actor).matches({ closed: 'saved' })).toBe(true);
  });

  it('400 then a change returns to editing with that field’s message gone', async () => {
    const { actor } = start({ save: async () => Promise.reject(new ApiError(400, undefined, { name: ['taken'], room: ['archived'] })) });
    actor.send({ type: 'form.create', filial: FILIAL });
    fillIn(actor);
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'room.pick', room: 11 });
    expect(state(actor).matches({ open: 'editing' })).toBe(true);
    expect(state(actor).context.errors).toEqual({ name: ['taken'] });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'schedule.change', schedule: { days: [2] } });
    expect(state(actor).matches({ open: 'editing' })).toBe(true);
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'field.change', field: 'name', value: '' });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state(actor).context.errors.name).toEqual(['validation.required']);
  });

  it('any other failure toasts and stays in editing with the draft kept', async () => {
    const { actor, emitted } = start({ save: async () => Promise.reject(new ApiError(500)) });
    actor.send({ type: 'form.create', filial: FILIAL });
    fillIn(actor);
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state(actor).matches({ open: 'editing' })).toBe(true);
    expect(state(actor).context.draft.name).toBe('English B1 — 14:00');
    expect(emitted).toEqual([{ type: 'toast.show', severity: 'error', message: 'groups.saveFailed' }]);
  });

  it('edits an existing group: its own schedule is excluded, the price stays, and it is PUT', async () => {
    const { actor, check, save } = start();
    const group = savedGroup({ filial: FILIAL, name: 'Old', course: 5, teacher: 20, room: 10, ...schedule, start_time: '14:00:00', price: '400000.00' }, 12);
    actor.send({ type: 'form.edit', group });
    expect(state(actor).context.draft).toMatchObject({ name: 'Old', room: 10, start_time: '14:00', price: '400000.00' });
    expect(state(actor).matches({ open: { editing: 'debouncing' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS);
    expect(check.mock.calls[0][0].exclude_group).toBe(12);
    actor.send({ type: 'course.choose', course: 6, price: '999000.00' });
    expect(state(actor).context.draft.price).toBe('400000.00');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(save.mock.calls[0][0].id).toBe(12);
  });

  it('closes from editing, from a clash and from field errors, and opens fresh', async () => {
    const { actor } = start({ save: async () => Promise.reject(new ApiError(409, 'x', undefined, undefined, { detail: 'x', conflict: clash })) });
    actor.send({ type: 'form.create', filial: FILIAL });
    actor.send({ type: 'form.close' });
    expect(state(actor).matches({ closed: 'idle' })).toBe(true);
    actor.send({ type: 'form.create', filial: FILIAL });
    fillIn(actor);
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'form.close' });
    expect(state(actor).matches('closed')).toBe(true);
    actor.send({ type: 'form.create', filial: 2 });
    expect(state(actor).context).toMatchObject({ filial: 2, conflict: null, availability: null, errors: {} });
  });
});

describe('group form draft rules', () => {
  it('a 409 answer keeps its clash through the HTTP error normalisation', () => {
    const error = toApiError({ status: 409, data: { detail: 'Room is busy', conflict: clash } });
    expect(classifySaveError(error)).toEqual({ kind: 'clash', clash });
    expect(classifySaveError(toApiError({ status: 409, data: { detail: 'Something else' } }))).toEqual({ kind: 'other', detail: 'Something else' });
    expect(classifySaveError(toApiError({ status: 400, data: { room: ['archived'] } }))).toEqual({ kind: 'fields', errors: { room: ['archived'] } });
    expect(classifySaveError(new Error('boom'))).toEqual({ kind: 'other' });
  });

  it('asks about a schedule only when it is complete and in order', () => {
    expect(availabilityRequest(1, null, schedule)).toEqual({ filial: 1, ...schedule, exclude_group: null });
    expect(availabilityRequest(null, null, schedule)).toBeNull();
    expect(availabilityRequest(1, null, { ...schedule, days: [] })).toBeNull();
    expect(availabilityRequest(1, null, { ...schedule, end_time: '14:00' })).toBeNull();
    expect(availabilityRequest(1, null, { ...schedule, end_date: '2026-01-01' })).toBeNull();
    expect(availabilityRequest(1, 7, { ...schedule, days: [5, 1] })?.days).toEqual([1, 5]);
  });

  it('checks the draft with the contract, cross-field rules included', () => {
    const draft = { ...emptyDraft(), name: 'G', course: 1, teacher: 2, room: 3, ...schedule };
    expect(draftErrors(1, draft)).toEqual({});
    expect(draftErrors(1, { ...draft, end_time: '13:30' })).toEqual({ end_time: ['validation.endTimeAfterStart'] });
    expect(draftErrors(1, { ...draft, price: '12,5' })).toEqual({ price: ['validation.money'] });
    expect(draftErrors(1, { ...draft, start_time: '14:15' }).start_time).toEqual(['validation.timeSlot']);
  });

  it('adds months, keeping to the month’s last day, and ends a course the day before', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(endDateFor('2026-02-02', 3)).toBe('2026-05-01');
    expect(endDateFor('2026-03-01', 1)).toBe('2026-03-31');
  });
});
