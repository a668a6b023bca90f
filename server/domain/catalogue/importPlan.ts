// What an import creates, worked out in memory before anything is written: rows reuse the active subjects,
// levels and themes that already carry their name (case-insensitive), then those the file itself created
// earlier; new levels and themes go to the end of their parent's order, in row order.
import type { ImportRow } from '../../../contract/catalogueImport';

/** The active part of the catalogue the file's rows can meet, and the last positions under each parent. */
export type ExistingCatalogue = {
  subjects: { id: number; name: string }[];
  levels: { id: number; subjectId: number; name: string }[];
  themes: { levelId: number; name: string }[];
  /** Highest level position per subject id (archived levels included). */
  lastLevelPosition: ReadonlyMap<number, number>;
  /** Highest theme position per level id (archived themes included). */
  lastThemePosition: ReadonlyMap<number, number>;
};

/** An existing row by id, or one the plan creates by its index in the plan's list. */
export type Ref = { id: number } | { index: number };

export type ImportPlan = {
  subjects: { name: string }[];
  levels: { subject: Ref; name: string; position: number }[];
  themes: { level: Ref; name: string; position: number }[];
};

const refKey = (ref: Ref) => ('id' in ref ? `id:${ref.id}` : `new:${ref.index}`);
const nameKey = (name: string) => name.toLowerCase();

export function planImport(rows: ImportRow[], existing: ExistingCatalogue): ImportPlan {
  const plan: ImportPlan = { subjects: [], levels: [], themes: [] };
  const subjectRefs = new Map(existing.subjects.map((s) => [nameKey(s.name), { id: s.id } as Ref]));
  const levelRefs = new Map(existing.levels.map((l) => [`${refKey({ id: l.subjectId })}/${nameKey(l.name)}`, { id: l.id } as Ref]));
  const themeKeys = new Set(existing.themes.map((t) => `${refKey({ id: t.levelId })}/${nameKey(t.name)}`));
  const lastPosition = new Map<string, number>([
    ...[...existing.lastLevelPosition].map(([id, p]) => [`levels of id:${id}`, p] as const),
    ...[...existing.lastThemePosition].map(([id, p]) => [`themes of id:${id}`, p] as const),
  ]);
  const nextPosition = (key: string) => {
    const next = (lastPosition.get(key) ?? 0) + 1;
    lastPosition.set(key, next);
    return next;
  };

  for (const row of rows) {
    let subject = subjectRefs.get(nameKey(row.subject));
    if (!subject) {
      subject = { index: plan.subjects.push({ name: row.subject }) - 1 };
      subjectRefs.set(nameKey(row.subject), subject);
    }
    if (row.level === undefined) continue;

    const levelKey = `${refKey(subject)}/${nameKey(row.level)}`;
    let level = levelRefs.get(levelKey);
    if (!level) {
      const position = nextPosition(`levels of ${refKey(subject)}`);
      level = { index: plan.levels.push({ subject, name: row.level, position }) - 1 };
      levelRefs.set(levelKey, level);
    }
    if (row.theme === undefined) continue;

    const themeKey = `${refKey(level)}/${nameKey(row.theme)}`;
    if (themeKeys.has(themeKey)) continue;
    themeKeys.add(themeKey);
    plan.themes.push({ level, name: row.theme, position: nextPosition(`themes of ${refKey(level)}`) });
  }
  return plan;
}
