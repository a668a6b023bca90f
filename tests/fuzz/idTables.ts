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
};

/** `/api/finance/casher/:id/close` → 'cashiers'; null when no word of the path names a table. */
export function tableForParam(path: string, param: string, tables: ReadonlySet<string>): string | null {
  const segments = path.split('/');
  const at = segments.findIndex((s) => s.startsWith(`:${param}`));
  // The word right before the parameter first, then further back: /api/v2/students/stats/:id → students.
  for (let i = at - 1; i >= 0; i--) {
    const word = segments[i];
    if (!word || word === 'api' || word === 'v2') continue;
    // /api/marketing/group/:id is a marketing group, not a study group.
    if (word === 'group' && segments[i - 1] === 'marketing') return 'marketing_groups';
    const candidates = [ALIASES[word], word, `${word}s`, word.replace(/-/g, '_'), `${word.replace(/-/g, '_')}s`];
    const found = candidates.find((c) => c !== undefined && tables.has(c));
    if (found) return found;
  }
  return null;
}
