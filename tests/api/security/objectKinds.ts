// Which kind of object an endpoint's path id, query field or body field names, for the access matrix. Every
// endpoint of listEndpoints(app) with a path id must be mapped here (the matrix fails on one that is not), so a
// new route cannot slip past the branch checks untested.

/** Objects that belong to one branch (their table has filial_id, or their branch list does). */
export const BRANCH_KINDS = [
  'student',
  'lead',
  'group',
  'lesson',
  'room',
  'course',
  'homework',
  'test',
  'cashier',
  'financeEntry',
  'studentSale',
  'voucher',
  'shopItem',
  'task',
  'timeRecord',
  'employee',
  'filial',
  'parentMessage',
  'importBatch',
] as const;
export type BranchKind = (typeof BRANCH_KINDS)[number];

/** Objects shared by every branch: their tables carry no branch, so any user with the page may reach them. */
export const GLOBAL_KINDS = ['subject', 'level', 'theme', 'marketingGroup', 'marketingSource', 'financeKind', 'sale'] as const;
export type GlobalKind = (typeof GLOBAL_KINDS)[number];

/** Objects of one user: another user's answers 404 whatever the branch. */
export type PersonalKind = 'notification';

export type Kind = BranchKind | GlobalKind | PersonalKind;

export const isBranchKind = (k: Kind): k is BranchKind => (BRANCH_KINDS as readonly string[]).includes(k);
export const isGlobalKind = (k: Kind): k is GlobalKind => (GLOBAL_KINDS as readonly string[]).includes(k);

/**
 * Path id → kind, first match wins (Hono patterns as listEndpoints gives them). `query` is sent along;
 * `alternatives` are other kinds the same id names with another query (each is a request of its own).
 */
export const PATH_ID_KINDS: {
  pattern: RegExp;
  kind: Kind;
  query?: Record<string, string>;
  alternatives?: { kind: Kind; query: Record<string, string> }[];
}[] = [
  { pattern: /^\/api\/auth\/update\/:id$/, kind: 'employee' },
  { pattern: /^\/api\/api\/employees\/:id/, kind: 'employee' },
  { pattern: /^\/api\/notifications\/:id$/, kind: 'notification' },
  { pattern: /^\/api\/filial\/:id$/, kind: 'filial' },
  { pattern: /^\/api\/filial\/:id\/lead_keys/, kind: 'filial' },
  { pattern: /^\/api\/subjects\/level\/:id$/, kind: 'level' },
  { pattern: /^\/api\/subjects\/theme\/:id$/, kind: 'theme' },
  { pattern: /^\/api\/subjects\/:id$/, kind: 'subject' },
  { pattern: /^\/api\/homework\/:id$/, kind: 'homework' },
  { pattern: /^\/api\/courses\/:id$/, kind: 'course' },
  { pattern: /^\/api\/groups\/room\/:id$/, kind: 'room' },
  { pattern: /^\/api\/groups\/:id\{\[0-9\]\+\}/, kind: 'group' },
  { pattern: /^\/api\/add-group\/group\/:id$/, kind: 'group' },
  // PATCH /add-group/{id}/ archives the student {id}.
  { pattern: /^\/api\/add-group\/(student\/:id|secondary\/update\/:student|:id)$/, kind: 'student' },
  { pattern: /^\/api\/lessons\/:id/, kind: 'lesson' },
  { pattern: /^\/api\/tests\/:id/, kind: 'test' },
  { pattern: /^\/api\/students\/:id/, kind: 'student' },
  { pattern: /^\/api\/api\/v2\/students\/(stats\/)?:id/, kind: 'student' },
  {
    pattern: /^\/api\/comments\/all\/:id$/,
    kind: 'student',
    query: { target: 'student' },
    alternatives: [{ kind: 'lead', query: { target: 'lead' } }],
  },
  { pattern: /^\/api\/marketing\/group\/:id$/, kind: 'marketingGroup' },
  { pattern: /^\/api\/marketing\/:id$/, kind: 'marketingSource' },
  { pattern: /^\/api\/lid\/:id/, kind: 'lead' },
  { pattern: /^\/api\/finance\/sale\/student\/:id$/, kind: 'studentSale' },
  { pattern: /^\/api\/finance\/sale-student\/:id$/, kind: 'studentSale' },
  { pattern: /^\/api\/finance\/sale\/:id$/, kind: 'sale' },
  { pattern: /^\/api\/finance\/voucher\/student\/:id$/, kind: 'voucher' },
  // /handover/{id}/ and /payment_casher/{id}/ name a cashier.
  { pattern: /^\/api\/finance\/(casher\/stats\/:id|casher\/:id|handover\/:id|payment_casher\/:id)/, kind: 'cashier' },
  { pattern: /^\/api\/finance\/kind\/:id$/, kind: 'financeKind' },
  { pattern: /^\/api\/finance\/:id\/reverse$/, kind: 'financeEntry' },
  { pattern: /^\/api\/finance\/:id\/receipt(\/pdf)?$/, kind: 'financeEntry' },
  { pattern: /^\/api\/shop\/items\/:id$/, kind: 'shopItem' },
  { pattern: /^\/api\/bonus\/balance\/:id$/, kind: 'student' },
  { pattern: /^\/api\/payments\/links\/:id$/, kind: 'student' },
  // /tasks/all/{id}/ lists an employee's tasks.
  { pattern: /^\/api\/tasks\/all\/:id$/, kind: 'employee' },
  { pattern: /^\/api\/tasks\/:id$/, kind: 'task' },
  { pattern: /^\/api\/messages\/students\/:id$/, kind: 'student' },
  { pattern: /^\/api\/messages\/:id\/resend$/, kind: 'parentMessage' },
  { pattern: /^\/api\/import\/:id/, kind: 'importBatch' },
  { pattern: /^\/api\/timetracker\/(timeline\/)?:id/, kind: 'timeRecord' },
];

export const hasPathId = (path: string) => /\/:[A-Za-z_]/.test(path);

export function pathIdKind(path: string): (typeof PATH_ID_KINDS)[number] | undefined {
  return PATH_ID_KINDS.find((row) => row.pattern.test(path));
}

/** `/api/groups/:id{[0-9]+}/schedule` with 7 → `/api/groups/7/schedule`. */
export const fillPath = (path: string, id: number) => path.replace(/:[A-Za-z_][A-Za-z0-9_]*(\{[^}]*\})?/g, String(id));

/**
 * Query and body field names that carry a branch-owned object's id. A field named `id` depends on the endpoint
 * (the only path-less ones that take it), hence the second table.
 */
export const FIELD_KINDS: Record<string, BranchKind> = {
  filial: 'filial',
  student: 'student',
  students: 'student',
  group: 'group',
  group_id: 'group',
  new_group_id: 'group',
  parent_group: 'group',
  exclude_group: 'group',
  lead: 'lead',
  course: 'course',
  room: 'room',
  teacher: 'employee',
  teacher__id: 'employee',
  assistant: 'employee',
  performer: 'employee',
  employee: 'employee',
  operator: 'employee',
  user: 'employee',
  creator: 'employee',
  actor: 'employee',
  casher: 'cashier',
  casher_id: 'cashier',
  from_casher: 'cashier',
  to_casher: 'cashier',
  item: 'shopItem',
};

export const ID_FIELD_KINDS: { pattern: RegExp; kind: BranchKind }[] = [
  { pattern: /^\/api\/groups(\/secondary)?$/, kind: 'group' },
  { pattern: /^\/api\/(results\/student|archived\/students|finance\/voucher\/student)$/, kind: 'student' },
  { pattern: /^\/api\/comments\/stuff$/, kind: 'employee' },
  // PUT /api/employees/ updates the employee whose id is in the body.
  { pattern: /^\/api\/api\/employees$/, kind: 'employee' },
];

export function fieldKind(path: string, field: string): BranchKind | undefined {
  if (field === 'id') return ID_FIELD_KINDS.find((r) => r.pattern.test(path))?.kind;
  return FIELD_KINDS[field];
}
