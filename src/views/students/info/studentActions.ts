// Which actions beside the status moves the student page offers for a student in a given status (an archived
// student is brought back before anything else). The status moves themselves come from the status machine's
// connect (connectStudentStatus), the one place that reads the shared status chart for the page.
import type { StudentStatus } from '../../../../contract/studentStatus';
import type { StudentRequestMoveType } from '../../../machines/studentStatus';

/** The status moves the page has buttons for (joining a first group is what makes a testing student new). */
export type PageMove = StudentRequestMoveType;

export type StudentActions = {
  edit: boolean;
  addToGroup: boolean;
  /** Moving needs a group to leave, which the caller knows. */
  moveGroup: boolean;
};

/** The actions shown for a student in `status`, who is in `currentGroups` groups now. */
export function studentActions(status: StudentStatus, currentGroups: number): StudentActions {
  const archived = status === 'archived';
  return { edit: !archived, addToGroup: !archived, moveGroup: !archived && currentGroups > 0 };
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
