// The group form's draft and the pure rules around it: from a group, to a request body, checked by the contract,
// the availability question it asks, and what a failed save means. Used by the groupForm machine and its view.
import { addDays, addMonths } from '../../contract/centreDay';
import { ApiError } from '../api/errors';
import type { AvailabilityRequest } from '../api/groups';
import type { FieldErrors } from '../../contract/common';
import { hhmm } from '../../contract/schedule';
import { clashError, groupBody, type Clash, type Group, type GroupStatus } from '../../contract/groups';

export type GroupDraft = {
  name: string;
  course: number | null;
  teacher: number | null;
  assistant: number | null;
  room: number | null;
  /** ISO weekdays, 1 = Monday. */
  days: number[];
  start_time: string;
  end_time: string;
  start_date: string;
  end_date: string;
  /** Monthly price as typed; empty means "the course's price". */
  price: string;
  status: GroupStatus;
};
export type ScheduleDraft = Pick<GroupDraft, 'days' | 'start_time' | 'end_time' | 'start_date' | 'end_date'>;

export const emptyDraft = (today = ''): GroupDraft => ({
  name: '',
  course: null,
  teacher: null,
  assistant: null,
  room: null,
  days: [],
  start_time: '',
  end_time: '',
  start_date: today,
  end_date: '',
  price: '',
  status: 'active',
});

// PostgreSQL may answer "14:00:00"; the slots are "14:00".

export function draftOfGroup(g: Group): GroupDraft {
  return {
    name: g.name,
    course: g.course.id,
    teacher: g.teacher.id,
    assistant: g.assistant?.id ?? null,
    room: g.room.id,
    days: [...g.days],
    start_time: hhmm(g.start_time),
    end_time: hhmm(g.end_time),
    start_date: g.start_date,
    end_date: g.end_date,
    price: g.price,
    status: g.status,
  };
}

/** The body of POST /groups/ and PUT /groups/{id}/; empty choices are left out, so the contract names them. */
export function bodyOfDraft(filial: number | null, d: GroupDraft): Record<string, unknown> {
  const body: Record<string, unknown> = {
    filial: filial ?? undefined,
    name: d.name,
    course: d.course ?? undefined,
    teacher: d.teacher ?? undefined,
    assistant: d.assistant,
    room: d.room ?? undefined,
    days: d.days,
    start_time: d.start_time || undefined,
    end_time: d.end_time || undefined,
    start_date: d.start_date || undefined,
    end_date: d.end_date || undefined,
    status: d.status,
  };
  if (d.price.trim() !== '') body.price = d.price.trim();
  return body;
}

/** The contract's verdict on the draft: field → message keys; empty when it may be sent. */
export function draftErrors(filial: number | null, d: GroupDraft): FieldErrors {
  const result = groupBody.safeParse(bodyOfDraft(filial, d));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'non_field_errors');
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** The assistant's question for a schedule, or null while days, times or dates are missing or out of order. */
export function availabilityRequest(filial: number | null, groupId: number | null, d: ScheduleDraft): AvailabilityRequest | null {
  const { days, start_time, end_time, start_date, end_date } = d;
  if (filial === null || days.length === 0 || !start_time || !end_time || !start_date || !end_date) return null;
  if (end_time <= start_time || end_date < start_date) return null;
  return { filial, days: [...days].sort((a, b) => a - b), start_time, end_time, start_date, end_date, exclude_group: groupId };
}

export type SaveFailure = { kind: 'clash'; clash: Clash } | { kind: 'fields'; errors: FieldErrors } | { kind: 'other'; detail?: string };

/** A failed save: a schedule clash (409 with `conflict`), field messages (400), or anything else. */
export function classifySaveError(error: unknown): SaveFailure {
  if (error instanceof ApiError) {
    if (error.status === 409) {
      const parsed = clashError.safeParse(error.body);
      if (parsed.success) return { kind: 'clash', clash: parsed.data.conflict };
    }
    if (error.status === 400 && error.fields) return { kind: 'fields', errors: error.fields };
    return { kind: 'other', detail: error.detail };
  }
  return { kind: 'other' };
}

/** "2026-01-31" + 1 month → "2026-02-28" (the month's last day when it is shorter). */
export { addMonths };

/** A group of `months` months ends the day before the same date that many months later. */
export function endDateFor(startDate: string, months: number): string {
  return addDays(addMonths(startDate, months), -1);
}

/** The field errors without those of `fields` (and without the form-wide one): an edit clears its own message. */
export const withoutError = (errors: FieldErrors, ...fields: string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !fields.includes(k) && k !== 'non_field_errors'));

/** The draft with a course chosen: its price unless one was typed, and an end date from its length when none is set. */
export function withCourse(draft: GroupDraft, priceTouched: boolean, choice: { course: number | null; price?: string; durationMonths?: number }): GroupDraft {
  const next = { ...draft, course: choice.course };
  if (!priceTouched && choice.price !== undefined) next.price = choice.price;
  if (!next.end_date && next.start_date && choice.durationMonths) next.end_date = endDateFor(next.start_date, choice.durationMonths);
  return next;
}
