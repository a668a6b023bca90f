// Which actions the student page offers for a student in a given state. The status moves come from the shared
// status chart (contract/studentStatus.ts), so a button never offers what the server would refuse with 409;
// the other actions follow from the same state (an archived student is brought back before anything else).
import { legalStudentMoves, type StudentPosition, type StudentStatus } from '../../../../contract/studentStatus';

/** The status moves the page has buttons for (joining a first group is what makes a testing student new). */
export const PAGE_MOVES = ['activate', 'freeze', 'unfreeze', 'archive', 'unarchive'] as const;
export type PageMove = (typeof PAGE_MOVES)[number];

export type StudentState = { status: StudentStatus; is_archived: boolean; archived_from_status?: StudentStatus | null };

export type StudentActions = {
  moves: PageMove[];
  edit: boolean;
  addToGroup: boolean;
  /** Moving needs a group to leave, which the caller knows. */
  moveGroup: boolean;
};

/** Where a student stands in the status chart; the archive flag wins over a stale status. */
export function positionOf(student: StudentState): StudentPosition {
  return {
    status: student.is_archived ? 'archived' : student.status,
    archived_from: student.is_archived ? (student.archived_from_status ?? null) : null,
  };
}

/** The actions shown for `student`, who is in `currentGroups` groups now. */
export function studentActions(student: StudentState, currentGroups: number): StudentActions {
  const position = positionOf(student);
  const legal = new Set<string>(legalStudentMoves(position));
  const archived = position.status === 'archived';
  return {
    moves: PAGE_MOVES.filter((move) => legal.has(move)),
    edit: !archived,
    addToGroup: !archived,
    moveGroup: !archived && currentGroups > 0,
  };
}

/** An active student with a freeze that starts after `today`: the freeze is only scheduled so far. */
export function freezeScheduled(s: { status: StudentStatus; frozen_from: string | null; frozen_to: string | null }, today: string): boolean {
  return s.status === 'active' && s.frozen_from !== null && s.frozen_to !== null && s.frozen_from > today && s.frozen_to >= s.frozen_from;
}

type Stay = { joined_on: string; left_on: string | null };

/**
 * Memberships the student is in on `today` (latest joined first; one left after a move from a later day still
 * counts), then those already over (latest left first).
 */
export function splitMemberships<T extends Stay>(all: readonly T[], today: string): { current: T[]; past: T[] } {
  const isCurrent = (m: T) => m.left_on === null || m.left_on >= today;
  const current = all.filter(isCurrent).sort((a, b) => b.joined_on.localeCompare(a.joined_on));
  const past = all
    .filter((m) => !isCurrent(m))
    .sort((a, b) => (b.left_on ?? '').localeCompare(a.left_on ?? '') || b.joined_on.localeCompare(a.joined_on));
  return { current, past };
}
