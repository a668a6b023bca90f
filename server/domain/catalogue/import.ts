// POST /subjects/import/: every row of the spreadsheet is checked first; one rejected row means nothing is
// written (400 listing every rejected row). Otherwise the whole plan is written in one transaction that locks
// the subjects and levels it extends, like any other write to their order.
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { importRow, importMsg, type ImportResult, type ImportRow } from '../../../contract/catalogueImport';
import type { Db, DbOrTx } from '../../db/client';
import { subjectLevels, subjects, themes } from '../../db/schema';
import { conflict, fieldError } from '../core/errors';
import { fieldErrors, zodErrorMap, type Lang } from '../../i18n';
import { auditBy } from '../audit/record';
import { isUniqueViolation, type Actor } from './common';
import { planImport, type ExistingCatalogue, type ImportPlan, type Ref } from './importPlan';

export type ImportUpload = { name: string; bytes: Uint8Array };
export type Messages = { lang: Lang; localesDir: string };

const INSERT_CHUNK = 1000;
const NOTHING = { subjects: 0, levels: 0, themes: 0 };

/** The extension is what follows the last dot (spec section 5). */
const isXlsxName = (name: string) => name.split('?')[0].split('.').pop()?.toLowerCase() === 'xlsx';

export async function importCatalogue(db: Db, actor: Actor, upload: ImportUpload, messages: Messages): Promise<ImportResult> {
  if (!isXlsxName(upload.name)) throw fieldError('file', importMsg.file);
  // Loaded on first use: exceljs and docx add ~40 MB to the server's memory (scripts/serverBundle.mjs).
  const sheet = await (await import('./importSheet')).readImportSheet(upload.bytes);

  const rows: ImportRow[] = [];
  const rejected: ImportResult['rejected'] = [];
  for (const { row, values } of sheet) {
    const parsed = importRow.safeParse(values, { error: zodErrorMap(messages.lang) });
    if (parsed.success) rows.push(parsed.data);
    else rejected.push({ row, errors: fieldErrors(parsed.error.issues, messages.localesDir, messages.lang) });
  }
  if (rejected.length) return { created: NOTHING, rejected };

  try {
    const created = await db.transaction(async (tx) => {
      const plan = planImport(rows, await lockExisting(tx, rows));
      const ids = await writePlan(tx, plan);
      await auditBy(tx, actor, {
        action: 'catalogue.import',
        entity: 'catalogue',
        after: { file: upload.name, rows: rows.length, subjects: ids.subjects, levels: ids.levels, themes: plan.themes.length },
      });
      return { subjects: plan.subjects.length, levels: plan.levels.length, themes: plan.themes.length };
    });
    return { created, rejected: [] };
  } catch (err) {
    // A subject of the same name was created meanwhile by someone else.
    if (isUniqueViolation(err)) throw conflict('The catalogue changed during the import; try again');
    throw err;
  }
}

const lower = (names: Iterable<string>) => [...new Set([...names].map((n) => n.toLowerCase()))];

/** The active subjects and levels the rows name, locked (subjects, then levels, each in id order). */
async function lockExisting(tx: DbOrTx, rows: ImportRow[]): Promise<ExistingCatalogue> {
  const found = await tx
    .select({ id: subjects.id, name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.isArchived, false), inArray(sql`lower(${subjects.name})`, lower(rows.map((r) => r.subject)))))
    .orderBy(asc(subjects.id))
    .for('update');
  const subjectIds = found.map((s) => s.id);
  if (subjectIds.length === 0) {
    return { subjects: [], levels: [], themes: [], lastLevelPosition: new Map(), lastThemePosition: new Map() };
  }
  const levels = await tx
    .select({ id: subjectLevels.id, subjectId: subjectLevels.subjectId, name: subjectLevels.name })
    .from(subjectLevels)
    .where(and(inArray(subjectLevels.subjectId, subjectIds), eq(subjectLevels.isArchived, false)))
    .orderBy(asc(subjectLevels.id))
    .for('update');
  const levelPositions = await tx
    .select({ parent: subjectLevels.subjectId, last: max(subjectLevels.position) })
    .from(subjectLevels)
    .where(inArray(subjectLevels.subjectId, subjectIds))
    .groupBy(subjectLevels.subjectId);
  const levelIds = levels.map((l) => l.id);
  const existingThemes = levelIds.length
    ? await tx
        .select({ levelId: themes.levelId, name: themes.name })
        .from(themes)
        .where(and(inArray(themes.levelId, levelIds), eq(themes.isArchived, false)))
    : [];
  const themePositions = levelIds.length
    ? await tx
        .select({ parent: themes.levelId, last: max(themes.position) })
        .from(themes)
        .where(inArray(themes.levelId, levelIds))
        .groupBy(themes.levelId)
    : [];
  const positions = (list: { parent: number; last: number | null }[]) => new Map(list.map((p) => [p.parent, p.last ?? 0]));
  return {
    subjects: found,
    levels,
    themes: existingThemes,
    lastLevelPosition: positions(levelPositions),
    lastThemePosition: positions(themePositions),
  };
}

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += INSERT_CHUNK) out.push(list.slice(i, i + INSERT_CHUNK));
  return out;
}

/** Inserts the plan's subjects, levels and themes; the new subjects' and levels' ids. */
async function writePlan(tx: DbOrTx, plan: ImportPlan): Promise<{ subjects: number[]; levels: number[] }> {
  const subjectIds: number[] = [];
  for (const part of chunks(plan.subjects)) {
    const inserted = await tx.insert(subjects).values(part).returning({ id: subjects.id, name: subjects.name });
    // Names are unique within the plan, so rows are matched by name rather than by RETURNING order.
    const byName = new Map(inserted.map((s) => [s.name.toLowerCase(), s.id]));
    subjectIds.push(...part.map((s) => byName.get(s.name.toLowerCase())!));
  }
  const subjectId = (ref: Ref) => ('id' in ref ? ref.id : subjectIds[ref.index]);

  const levelIds: number[] = [];
  for (const part of chunks(plan.levels)) {
    const values = part.map((l) => ({ subjectId: subjectId(l.subject), name: l.name, position: l.position }));
    const inserted = await tx
      .insert(subjectLevels)
      .values(values)
      .returning({ id: subjectLevels.id, subjectId: subjectLevels.subjectId, name: subjectLevels.name });
    const byKey = new Map(inserted.map((l) => [`${l.subjectId}/${l.name.toLowerCase()}`, l.id]));
    levelIds.push(...values.map((l) => byKey.get(`${l.subjectId}/${l.name.toLowerCase()}`)!));
  }
  const levelId = (ref: Ref) => ('id' in ref ? ref.id : levelIds[ref.index]);

  for (const part of chunks(plan.themes)) {
    await tx.insert(themes).values(part.map((t) => ({ levelId: levelId(t.level), name: t.name, position: t.position })));
  }
  return { subjects: subjectIds, levels: levelIds };
}
