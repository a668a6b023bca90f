// Which table's ids a path parameter most likely names, so the fuzzer can send ids of existing rows and reach
// the handler's deeper branches. A guess from the path's words; a wrong guess only makes that request shallower.

/** Path words that are not the table's name. */
const ALIASES: Record<string, string> = {
  lid: 'leads',
  casher: 'cashiers',
  payment_casher: 'cashiers',
  room: 'rooms',
  level: 'subject_levels',
  theme: 'themes',
  sale: 'sales',
  'sale-student': 'student_sales',
  voucher: 'vouchers',
  kind: 'finance_kinds',
  handover: 'handovers',
  timeline: 'time_records',
  timetracker: 'employees',
  update: 'employees',
  balance: 'students',
  bonus: 'students',
  items: 'shop_items',
  filial: 'filials',
  marketing: 'marketing_sources',
  student: 'students',
  group: 'groups',
  studentgroups: 'student_groups',
  notifications: 'notifications',
  teacher: 'employees',
  assistant: 'employees',
  user: 'employees',
  responsible: 'employees',
  employee: 'employees',
  mentor: 'employees',
  manager: 'employees',
  source: 'marketing_sources',
  item: 'shop_items',
  lead: 'leads',
  cashier: 'cashiers',
};

/** Body and query fields that name a row: `group`, `students`, `teacher_id`, `filials`... */
const REFERENCE_KEY =
  /^(\w+_ids?|(group|student|teacher|assistant|room|filial|course|subject|level|theme|lead|lid|employee|cashier|casher|kind|source|marketing|test|sale|voucher|lesson|task|item|user|responsible|mentor|manager|purchase)s?)$/;

export const isReferenceKey = (key: string) => REFERENCE_KEY.test(key);

/**
 * The id of an existing row, to be chosen when the request is sent (the pick-th row of the table the field's
 * name points to), so bodies and queries name real groups, students and teachers and get past the lookups.
 */
export class ExistingId {
  constructor(
    readonly key: string,
    readonly pick: number,
  ) {}
  /** Serialised before resolution (inside a deliberately broken body): just a number. */
  toJSON(): number {
    return (this.pick % 60) + 1;
  }
}

/** `teacher` → 'employees', `group_id` → 'groups', `students` → 'students'; null when no table fits. */
export function tableForKey(key: string, tables: ReadonlySet<string>): string | null {
  const word = key.replace(/_ids?$/, '');
  const singular = word.endsWith('s') ? word.slice(0, -1) : word;
  const candidates = [ALIASES[word], ALIASES[singular], word, `${word}s`, `${singular}s`];
  return candidates.find((c) => c !== undefined && tables.has(c)) ?? null;
}

/** `/api/finance/casher/{id}/close` → 'cashiers'; null when no word of the path names a table. */
export function tableForParam(path: string, param: string, tables: ReadonlySet<string>): string | null {
  // A parameter named after what it points to (`{student}`) says so itself.
  const named = param === 'id' ? null : tableForKey(param, tables);
  if (named) return named;
  const segments = path.split('/');
  const at = segments.indexOf(`{${param}}`);
  // The word right before the parameter first, then further back: /api/v2/students/stats/{id} → students.
  for (let i = at - 1; i >= 0; i--) {
    const word = segments[i];
    if (!word || word === 'api' || word === 'v2') continue;
    // /api/marketing/group/{id} is a marketing group, not a study group.
    if (word === 'group' && segments[i - 1] === 'marketing') return 'marketing_groups';
    const candidates = [ALIASES[word], word, `${word}s`, word.replace(/-/g, '_'), `${word.replace(/-/g, '_')}s`];
    const found = candidates.find((c) => c !== undefined && tables.has(c));
    if (found) return found;
  }
  return null;
}
