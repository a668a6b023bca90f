// The group create/edit form with its scheduling assistant (spec section 7 "Groups", section 5 conflict rule).
//
// closed.idle ─form.create / form.edit──▶ open.editing
// open.editing.{route → incomplete | debouncing ─300 ms─▶ checking ─▶ known | unavailable}
//   every days/time/dates change restarts the 300 ms wait, so the assistant checks once typing settles
// open.editing ─form.submit (draft valid)──▶ open.submitting ─done──▶ closed.saved (toast, group.saved)
//                                                            ─409 clash──▶ open.conflict.{checking → ready}
//                                                            ─400 fields─▶ open.failed (messages under fields)
//                                                            ─other──────▶ open.editing (error toast)
// open.conflict ─room.pick / teacher.pick / any change──▶ open.editing (availability of the same slot kept)
//
// The machine owns the draft: the assistant, a clash's one-click picks and the server's field errors all act on
// it, so one place holds the values. Side effects are the `checkAvailability` and `saveGroup` actors.
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { fetchAvailability, saveGroup, type AvailabilityRequest } from '../api/groups';
import type { FieldErrors } from '../../contract/common';
import type { Availability, Clash, Group, GroupBody } from '../../contract/groups';
import {
  availabilityRequest,
  bodyOfDraft,
  classifySaveError,
  draftErrors,
  draftOfGroup,
  emptyDraft,
  withCourse,
  withoutError,
  type GroupDraft,
  type ScheduleDraft,
} from './groupForm.draft';
import type { ToastRequest } from './toast';

export const AVAILABILITY_DEBOUNCE_MS = 300;

type PlainField = 'name' | 'teacher' | 'assistant' | 'room' | 'price' | 'status';

export type GroupFormEvent =
  | { type: 'form.create'; filial: number; today?: string }
  | { type: 'form.edit'; group: Group }
  | { type: 'form.close' }
  | { type: 'field.change'; field: PlainField; value: string | number | null }
  | { type: 'course.choose'; course: number | null; price?: string; durationMonths?: number }
  | { type: 'schedule.change'; schedule: Partial<ScheduleDraft> }
  | { type: 'room.pick'; room: number }
  | { type: 'teacher.pick'; teacher: number }
  | { type: 'availability.retry' }
  | { type: 'form.submit' };

export type GroupFormEmitted = ToastRequest | { type: 'group.saved'; group: Group };

type Context = {
  filial: number | null;
  groupId: number | null;
  draft: GroupDraft;
  /** Once the price is typed (or the group exists), choosing another course no longer overwrites it. */
  priceTouched: boolean;
  /** Per field: contract message keys (client check) or the server's translated messages (400). */
  errors: FieldErrors;
  availability: Availability | null;
  /** The schedule the availability answer is for (see scheduleKey). */
  availabilityKey: string | null;
  conflict: Clash | null;
  saved: Group | null;
};

function blank(): Omit<Context, 'draft'> {
  return { filial: null, groupId: null, priceTouched: false, errors: {}, availability: null, availabilityKey: null, conflict: null, saved: null };
}

const requestOf = (c: Context) => availabilityRequest(c.filial, c.groupId, c.draft);
const scheduleKey = (c: Context) => {
  const request = requestOf(c);
  return request ? JSON.stringify(request) : null;
};
const errorOf = (event: unknown) => (event as { error?: unknown }).error;

export const groupFormMachine = setup({
  types: {
    context: {} as Context,
    events: {} as GroupFormEvent,
    emitted: {} as GroupFormEmitted,
  },
  actors: {
    checkAvailability: fromPromise<Availability, AvailabilityRequest>(({ input }) => fetchAvailability(input)),
    saveGroup: fromPromise<Group, { id: number | null; body: GroupBody }>(({ input }) => saveGroup(input.id, input.body)),
  },
  guards: {
    'the schedule is complete': ({ context }) => requestOf(context) !== null,
    'the availability answers this schedule': ({ context }) => context.availabilityKey !== null && context.availabilityKey === scheduleKey(context),
    'the draft is valid': ({ context }) => Object.keys(draftErrors(context.filial, context.draft)).length === 0,
    'the server named a clash': ({ event }) => classifySaveError(errorOf(event)).kind === 'clash',
    'the server named fields': ({ event }) => classifySaveError(errorOf(event)).kind === 'fields',
  },
  actions: {
    startCreate: assign(({ event }) =>
      event.type === 'form.create' ? { ...blank(), filial: event.filial, draft: emptyDraft(event.today) } : {},
    ),
    startEdit: assign(({ event }) =>
      event.type === 'form.edit' ? { ...blank(), filial: event.group.filial, groupId: event.group.id, draft: draftOfGroup(event.group), priceTouched: true } : {},
    ),
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const value = event.value;
      const draft = { ...context.draft, [event.field]: value } as GroupDraft;
      return { draft, priceTouched: context.priceTouched || event.field === 'price', errors: withoutError(context.errors, event.field) };
    }),
    chooseCourse: assign(({ context, event }) =>
      event.type === 'course.choose' ? { draft: withCourse(context.draft, context.priceTouched, event), errors: withoutError(context.errors, 'course', 'price') } : {},
    ),
    setSchedule: assign(({ context, event }) => {
      if (event.type !== 'schedule.change') return {};
      return { draft: { ...context.draft, ...event.schedule }, errors: withoutError(context.errors, ...Object.keys(event.schedule)) };
    }),
    pickRoom: assign(({ context, event }) =>
      event.type === 'room.pick' ? { draft: { ...context.draft, room: event.room }, conflict: null, errors: withoutError(context.errors, 'room') } : {},
    ),
    pickTeacher: assign(({ context, event }) =>
      event.type === 'teacher.pick' ? { draft: { ...context.draft, teacher: event.teacher }, conflict: null, errors: withoutError(context.errors, 'teacher') } : {},
    ),
    clearConflict: assign({ conflict: null }),
    forgetAvailability: assign({ availability: null, availabilityKey: null }),
    keepAvailability: assign(({ context }, params: { availability: Availability }) => ({ availability: params.availability, availabilityKey: scheduleKey(context) })),
    showDraftErrors: assign(({ context }) => ({ errors: draftErrors(context.filial, context.draft) })),
    rememberClash: assign(({ event }) => {
      const verdict = classifySaveError(errorOf(event));
      return verdict.kind === 'clash' ? { conflict: verdict.clash } : {};
    }),
    showServerErrors: assign(({ event }) => {
      const verdict = classifySaveError(errorOf(event));
      return verdict.kind === 'fields' ? { errors: verdict.errors } : {};
    }),
    toast: emit((_, params: { severity: 'success' | 'error'; message: string }) => ({ type: 'toast.show' as const, ...params })),
    announceSaved: emit(({ event }) => ({ type: 'group.saved' as const, group: (event as unknown as { output: Group }).output })),
  },
}).createMachine({
  id: 'groupForm',
  context: { ...blank(), draft: emptyDraft() },
  initial: 'closed',
  states: {
    closed: {
      initial: 'idle',
      states: { idle: {}, saved: {} },
      on: {
        'form.create': { target: 'open', actions: 'startCreate' },
        'form.edit': { target: 'open', actions: 'startEdit' },
      },
    },
    open: {
      initial: 'editing',
      on: { 'form.close': { target: 'closed' } },
      states: {
        editing: {
          initial: 'route',
          states: {
            // Where the assistant stands on entry: still valid, to be asked, or nothing to ask yet.
            route: {
              always: [
                { guard: 'the availability answers this schedule', target: 'known' },
                { guard: 'the schedule is complete', target: 'debouncing' },
                { target: 'incomplete' },
              ],
            },
            incomplete: { entry: 'forgetAvailability' },
            debouncing: { after: { [AVAILABILITY_DEBOUNCE_MS]: 'checking' } },
            checking: {
              invoke: {
                src: 'checkAvailability',
                input: ({ context }) => requestOf(context) as AvailabilityRequest,
                onDone: { target: 'known', actions: { type: 'keepAvailability', params: ({ event }) => ({ availability: event.output }) } },
                onError: { target: 'unavailable', actions: 'forgetAvailability' },
              },
            },
            known: {},
            unavailable: { on: { 'availability.retry': { target: 'checking' } } },
          },
          on: {
            'schedule.change': { target: '.route', reenter: true, actions: 'setSchedule' },
            'field.change': { actions: 'setField' },
            'course.choose': { actions: 'chooseCourse' },
            'room.pick': { actions: 'pickRoom' },
            'teacher.pick': { actions: 'pickTeacher' },
            'form.submit': [{ guard: 'the draft is valid', target: 'submitting' }, { actions: 'showDraftErrors' }],
          },
        },
        submitting: {
          on: { 'form.close': {} }, // a request in flight finishes first
          invoke: {
            src: 'saveGroup',
            input: ({ context }) => ({ id: context.groupId, body: bodyOfDraft(context.filial, context.draft) as GroupBody }),
            onDone: {
              target: '#groupForm.closed.saved',
              actions: [
                assign(({ event }) => ({ saved: event.output })),
                { type: 'toast', params: { severity: 'success', message: 'groups.saved' } },
                'announceSaved',
              ],
            },
            onError: [
              { guard: 'the server named a clash', target: 'conflict', actions: 'rememberClash' },
              { guard: 'the server named fields', target: 'failed', actions: 'showServerErrors' },
              { target: 'editing', actions: { type: 'toast', params: { severity: 'error', message: 'groups.saveFailed' } } },
            ],
          },
        },
        // The clash stays on screen with the free rooms and teachers of this slot, asked afresh.
        conflict: {
          initial: 'checking',
          states: {
            checking: {
              invoke: {
                src: 'checkAvailability',
                input: ({ context }) => requestOf(context) as AvailabilityRequest,
                onDone: { target: 'ready', actions: { type: 'keepAvailability', params: ({ event }) => ({ availability: event.output }) } },
                onError: { target: 'ready', actions: 'forgetAvailability' },
              },
            },
            ready: {},
          },
          on: {
            'room.pick': { target: 'editing', actions: 'pickRoom' },
            'teacher.pick': { target: 'editing', actions: 'pickTeacher' },
            'field.change': { target: 'editing', actions: ['setField', 'clearConflict'] },
            'course.choose': { target: 'editing', actions: ['chooseCourse', 'clearConflict'] },
            'schedule.change': { target: 'editing', actions: ['setSchedule', 'clearConflict'] },
            'form.submit': { target: 'submitting', actions: 'clearConflict' },
          },
        },
        failed: {
          on: {
            'field.change': { target: 'editing', actions: 'setField' },
            'course.choose': { target: 'editing', actions: 'chooseCourse' },
            'schedule.change': { target: 'editing', actions: 'setSchedule' },
            'room.pick': { target: 'editing', actions: 'pickRoom' },
            'teacher.pick': { target: 'editing', actions: 'pickTeacher' },
            'form.submit': [{ guard: 'the draft is valid', target: 'submitting' }, { target: 'editing', actions: 'showDraftErrors' }],
          },
        },
      },
    },
  },
});

export type GroupFormActorRef = ActorRefFrom<typeof groupFormMachine>;
type Snapshot = SnapshotFrom<typeof groupFormMachine>;
/** What the views may show of the form, in one selector (zag's connect); a view takes the part it needs. */
export function connectGroupForm(s: Snapshot) {
  return {
    open: s.matches('open'),
    submitting: s.matches({ open: 'submitting' }),
    checking: s.matches({ open: { editing: 'checking' } }) || s.matches({ open: { editing: 'debouncing' } }) || s.matches({ open: { conflict: 'checking' } }),
    checkFailed: s.matches({ open: { editing: 'unavailable' } }),
    draft: s.context.draft,
    errors: s.context.errors,
    availability: s.context.availability,
    conflict: s.matches({ open: 'conflict' }) ? s.context.conflict : null,
    /** An existing group is being edited (not a new one). */
    editing: s.context.groupId !== null,
    filial: s.context.filial,
  };
}
