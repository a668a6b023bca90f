// How big each part of a generated centre is for N students: the proportions promised in docs/scale-data.md.
export const STUDENTS_PER_BRANCH = 4_000;
export const MIN_BRANCHES = 3;
/** Leads per student. */
export const LEADS_PER_STUDENT = 0.3;
/** Ledger entries per student, about. */
export const ENTRIES_PER_STUDENT = 10;
/** Days of history before today that the first groups start in; groups keep starting up to two months ahead. */
export const HISTORY_DAYS = 540;
export const PLANNED_AHEAD_DAYS = 50;
/** Share of a branch's students who never joined a group (testing now, or gave up after the test). */
export const NEVER_ENROLLED = 0.06;

/** Two weekly patterns and seven 90-minute starts: the grid every generated group sits on. */
export const DAY_PATTERNS: readonly (readonly number[])[] = [
  [1, 3, 5],
  [2, 4, 6],
];
export const PATTERN_LABELS = ['Du-Ch-Ju', 'Se-Pa-Sh'];
export const TIMES: readonly (readonly [string, string])[] = [
  ['09:00', '10:30'],
  ['10:30', '12:00'],
  ['12:00', '13:30'],
  ['14:00', '15:30'],
  ['15:30', '17:00'],
  ['17:00', '18:30'],
  ['18:30', '20:00'],
];
/** A teacher holds one room for the morning starts or the afternoon ones, on both patterns. */
export const MORNING_TIMES = 3;
/** Average members a group takes in who are new to the centre (the rest continue from the previous level). */
export const NEW_PER_GROUP = 8;
/** Expected groups one grid cell hosts over the history (courses of 3-6 months, gaps, idle terms). */
const GROUPS_PER_CELL = 4.5;

export function branchCount(students: number): number {
  return Math.max(MIN_BRANCHES, Math.round(students / STUDENTS_PER_BRANCH));
}

/** Students of branch `index` (0-based): N split evenly, the remainder to the first branches. */
export function branchStudents(students: number, branches: number, index: number): number {
  return Math.floor(students / branches) + (index < students % branches ? 1 : 0);
}

/** Grid cells a branch of `students` uses, so its groups take them in at about NEW_PER_GROUP each. */
export function cellCount(students: number): number {
  return Math.max(2, Math.ceil((students * (1 - NEVER_ENROLLED)) / NEW_PER_GROUP / GROUPS_PER_CELL));
}

export const CELLS_PER_ROOM = DAY_PATTERNS.length * TIMES.length;

export function roomCount(students: number): number {
  return Math.ceil(cellCount(students) / CELLS_PER_ROOM);
}
