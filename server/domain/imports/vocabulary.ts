// The words a file may use for a lead's stage, an employee's role and a weekday, in any of the three languages:
// the codes themselves, and the labels of the interface's locales (leads.stage, common.roles) and of Intl.
import { LANGS, translate } from '../../i18n';
import { ROLES, type Role } from '../../../contract/roles';
import { nameKey } from './lookups';
import { IMPORTABLE_STAGES, type Vocabulary } from './rows';

const vocabularies = new Map<string, Vocabulary>();

/** Weekday names (long and short) of a language, ISO numbered: 2024-01-01 was a Monday. */
export function weekdayNames(lang: string, style: 'long' | 'short'): string[] {
  const format = new Intl.DateTimeFormat(lang, { weekday: style, timeZone: 'UTC' });
  return [1, 2, 3, 4, 5, 6, 7].map((d) => format.format(new Date(Date.UTC(2024, 0, d))));
}

export function vocabulary(localesDir: string): Vocabulary {
  const hit = vocabularies.get(localesDir);
  if (hit) return hit;
  const stages = new Map<string, string>();
  const roles = new Map<string, Role>();
  const weekdays = new Map<string, number>();
  for (const stage of IMPORTABLE_STAGES) stages.set(nameKey(stage), stage);
  for (const role of ROLES) if (role !== 'DIRECTOR') roles.set(nameKey(role), role);
  for (const lang of LANGS) {
    for (const stage of IMPORTABLE_STAGES) stages.set(nameKey(translate(localesDir, lang, `leads.stage.${stage}`)), stage);
    for (const role of ROLES) if (role !== 'DIRECTOR') roles.set(nameKey(translate(localesDir, lang, `common.roles.${role}`)), role);
    for (const style of ['long', 'short'] as const) weekdayNames(lang, style).forEach((name, i) => weekdays.set(nameKey(name).replace(/\.$/, ''), i + 1));
  }
  const words = { stages, roles, weekdays };
  vocabularies.set(localesDir, words);
  return words;
}
