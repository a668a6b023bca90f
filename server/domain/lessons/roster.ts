// Who is expected at a lesson (its roster). An individual extra lesson is for its chosen students; any other
// lesson is for the group's members on that date: joined on or before it and not yet left (left_on is the last
// day in the group, so a student who moves on the 10th has left_on the 9th and is not on the old group's roster
// from the 10th).
export type MembershipSpan = { studentId: number; joinedOn: string; leftOn: string | null };

export function isMemberOn(span: Pick<MembershipSpan, 'joinedOn' | 'leftOn'>, date: string): boolean {
  return span.joinedOn <= date && (span.leftOn === null || span.leftOn >= date);
}

/** Student ids on the roster of a lesson on `date`, in the order first seen; `chosen` wins when not empty. */
export function rosterOn(date: string, memberships: readonly MembershipSpan[], chosen: readonly number[] = []): number[] {
  if (chosen.length) return [...new Set(chosen)];
  const ids = new Set<number>();
  for (const m of memberships) if (isMemberOn(m, date)) ids.add(m.studentId);
  return [...ids];
}
