// Look-ups: the read-only id + name lists that fill a page's selects and filters (subjects, levels, courses,
// groups, rooms, marketing sources, staff, cash desks, finance kinds). One table says which look-ups each page's
// screens use; the server opens each look-up's list to every page that uses it (still branch-scoped, the rest of
// its area keeps its own guard), and tests/api/lookups.test.ts calls, for every role and each of its default
// pages, that page's look-ups. A screen that starts using a look-up adds it to its page here.
import type { PageKey } from './roles';

/** Each look-up's list, below the API base. */
export const LOOKUP_PATHS = {
  subjects: '/subjects/no-pg/',
  levels: '/subjects/level/no-pg/',
  courses: '/courses/no-pg/',
  groups: '/groups/no-pg/',
  rooms: '/groups/room/no-pg/',
  sources: '/marketing/no-pg/',
  /** Open to every signed-in user (a task's performer, a lead's operator, a group's teacher). */
  staff: '/auth/roles/',
  cashiers: '/finance/casher/no-pg/',
  kinds: '/finance/kind/',
} as const;
export type Lookup = keyof typeof LOOKUP_PATHS;
export const LOOKUPS = Object.keys(LOOKUP_PATHS) as Lookup[];

// The student lists share one page and its filters (group, teacher, subject, course).
const STUDENT_LIST: readonly Lookup[] = ['groups', 'staff', 'subjects', 'courses'];

/** The look-ups each page's forms and filters use. */
export const PAGE_LOOKUPS: Record<PageKey, readonly Lookup[]> = {
  // Lead list filters (source, operator, subject), the new-lead form (subject, level, source), the lead's edit and
  // order dialogs (the branch's groups).
  new_leads: ['subjects', 'levels', 'sources', 'staff', 'groups'],
  // The orders board (groups, operators), the order and edit dialogs.
  orders: ['groups', 'sources', 'staff'],
  archived_leads: ['subjects', 'sources', 'staff'],
  all_students: STUDENT_LIST,
  active_students: STUDENT_LIST,
  new_students: STUDENT_LIST,
  archived_students: STUDENT_LIST,
  testing_students: STUDENT_LIST,
  materials: ['subjects', 'levels', 'courses'],
  // Group filters (subject, level, teacher), the group form (course, room, staff), moving a member, lesson rooms.
  groups: ['subjects', 'levels', 'courses', 'rooms', 'staff', 'groups'],
  rooms: [],
  schedule: [],
  results: [],
  // Marketing sources, the audit log's actor filter.
  control: ['sources', 'staff'],
  // The test editor's subject and level.
  test: ['subjects', 'levels'],
  monitoring_page: [],
  // Cash desks, an entry's kind, a handover's other desk, a new desk's holder.
  cashiers_data: ['cashiers', 'kinds', 'staff'],
  cashiers_archive: [],
  tasks: ['staff'],
  // The employee filters and form (a teacher's subjects).
  employees: ['subjects'],
  employees_archive: ['subjects'],
  employees_att: [],
  admin_report: [],
  monitoring: [],
  edu_report: [],
  // The ledger's filters.
  finance_report: ['cashiers', 'kinds'],
  employees_data: [],
  cashiers: ['cashiers', 'kinds'],
  settings: [],
  shop: [],
  add_bonus: [],
};

/** Pages that read a look-up's whole area though no screen of theirs picks from it (kept as they were). */
const AREA_READERS: Partial<Record<Lookup, readonly PageKey[]>> = {
  subjects: ['rooms', 'schedule', 'results'],
  levels: ['rooms', 'schedule', 'results'],
  courses: ['rooms', 'schedule', 'results', 'test'],
  groups: ['schedule'],
  rooms: ['rooms', 'schedule'],
  cashiers: ['cashiers_archive'],
  kinds: ['cashiers_archive'],
};

/** The pages that may read a look-up: every page whose screens use it, and its area's readers. */
export function lookupReaders(lookup: Lookup): PageKey[] {
  const users = (Object.keys(PAGE_LOOKUPS) as PageKey[]).filter((page) => PAGE_LOOKUPS[page].includes(lookup));
  return [...new Set([...users, ...(AREA_READERS[lookup] ?? [])])];
}
