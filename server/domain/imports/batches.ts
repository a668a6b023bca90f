// Import batches (issue 18 §1): the preview of an uploaded file kept as a row of import_batches, its commit in one
// transaction, its undo, and the history.
//
// Preview: the header row is mapped to columns (recognised in uz/ru/en, or the sent mapping), every row checked
// (./rows.ts): `error` with a message per cell, `match` when its phone is already a record of the kind (reported,
// never merged: the commit leaves it alone), else `new`. A phone twice in the file is an error on the later row.
// Commit: the rows are checked again inside the transaction against the database as it is then; any error row
// refuses the whole commit (400, nothing written), otherwise every `new` row is written, the batch marked committed
// with the ids it created, and one audit entry records the file name and the counts. Any failure rolls all back.
// Undo: within UNDO_WINDOW_MS of the commit (the request's clock), if nothing was written on the imported records
// since (./writtenSince.ts), the created rows are deleted in one transaction; else 409 with the reason.
import { desc, eq, sql } from 'drizzle-orm';
import {
  IMPORT_COLUMNS,
  importColumnOf,
  importMsg,
  UNDO_WINDOW_MS,
  type ImportBatch,
  type ImportColumn,
  type ImportCounts,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  type ImportPreviewRow,
} from '../../../contract/imports';
import type { Db, DbOrTx } from '../../db/client';
import { employees, importBatches, type ImportCreated } from '../../db/schema';
import { translate, type Lang } from '../../i18n';
import type { Actor, AuthUser } from '../core/actor';
import { fieldError, keyedError, notFound, type Message } from '../core/errors';
import { allowedFilials, inScope } from '../core/scope';
import { auditBy } from '../audit/record';
import { existingPhones, loadLookups, type Lookups } from './lookups';
import { checkRow, type RowData, type Values } from './rows';
import { readTable } from './readTable';
import { vocabulary } from './vocabulary';
import { writeRows } from './write';
import { deleteCreated, writtenSince } from './writtenSince';

export type Messages = { lang: Lang; localesDir: string };
type Upload = { name: string; bytes: Uint8Array };

/** The header → column mapping: the sent one (its columns must be of the kind), else the recognised headers. */
function mappingOf(kind: ImportKind, headers: string[], sent: ImportMapping | undefined): Record<string, ImportColumn | ''> {
  const columns: readonly string[] = IMPORT_COLUMNS[kind];
  const out: Record<string, ImportColumn | ''> = {};
  for (const header of headers) {
    if (!header) continue;
    const chosen = sent && header in sent ? sent[header] : importColumnOf(kind, header);
    if (chosen && !columns.includes(chosen)) throw fieldError('mapping', importMsg.mapping);
    out[header] = chosen ?? '';
  }
  const used = Object.values(out).filter(Boolean);
  if (new Set(used).size !== used.length) throw fieldError('mapping', importMsg.mapping);
  return out;
}

type CheckedRow = { row: number; values: Values; errors: Record<string, Message[]>; data: RowData | null; matchId: number | null };

/** Every row checked against the look-ups and the phones in the database, duplicates in the file marked. */
async function checkRows(db: DbOrTx, kind: ImportKind, rows: { row: number; values: Values }[], lookups: Lookups, localesDir: string): Promise<CheckedRow[]> {
  const words = vocabulary(localesDir);
  const checked = rows.map(({ row, values }) => ({ row, values, ...checkRow(kind, values, lookups, words) }));
  const firstRow = new Map<string, number>();
  for (const r of checked) {
    if (!r.phone) continue;
    const first = firstRow.get(r.phone);
    if (first === undefined) firstRow.set(r.phone, r.row);
    else r.errors.phone = [...(r.errors.phone ?? []), { key: importMsg.duplicateInFile, params: { row: first } }];
  }
  // Groups have no phone: a group of the same name in its branch is the match.
  const existing = await existingPhones(db, kind, [...firstRow.keys()]);
  return checked.map((r) => {
    const errors = r.errors as Record<string, Message[]>;
    const failed = Object.keys(errors).length > 0;
    let matchId = r.phone ? (existing.get(r.phone) ?? null) : null;
    if (kind === 'groups' && r.data && 'courseId' in r.data) {
      const data = r.data;
      matchId = lookups.groups.all.find((g) => g.filialId === data.filialId && g.name.trim().toLowerCase() === data.name.trim().toLowerCase())?.id ?? null;
    }
    return { row: r.row, values: r.values, errors, data: failed ? null : r.data, matchId: failed ? null : matchId };
  });
}

const statusOf = (r: CheckedRow): ImportPreviewRow['status'] => (Object.keys(r.errors).length ? 'error' : r.matchId !== null ? 'match' : 'new');

function countsOf(rows: { status: ImportPreviewRow['status'] }[]): ImportCounts {
  const counts = { rows: rows.length, new: 0, match: 0, error: 0 };
  for (const r of rows) counts[r.status] += 1;
  return counts;
}

/** The rows' values by column from the file's cells and the mapping. */
function valuesOf(headers: string[], mapping: Record<string, string>, cells: string[]): Values {
  const values: Values = {};
  headers.forEach((h, i) => {
    const column = mapping[h] as ImportColumn | '';
    if (column && cells[i]) values[column] = cells[i].slice(0, 1000);
  });
  return values;
}

/** The branches a batch's rows belong to, for scoping reads; none (e.g. employees of every branch) → []. */
const branchesOf = (rows: CheckedRow[]) => [...new Set(rows.flatMap((r) => (r.data && 'filialId' in r.data ? [r.data.filialId] : r.data && 'filialIds' in r.data ? r.data.filialIds : [])))];

export async function previewImport(db: Db, actor: Actor, kind: ImportKind, upload: Upload, sent: ImportMapping | undefined, messages: Messages): Promise<ImportPreview> {
  const table = await readTable(upload.name, upload.bytes);
  const mapping = mappingOf(kind, table.headers, sent);
  const rows = table.rows.map(({ row, cells }) => ({ row, values: valuesOf(table.headers, mapping, cells) }));
  const scope = allowedFilials(actor.user);
  const checked = await checkRows(db, kind, rows, await loadLookups(db, scope), messages.localesDir);
  const text = (list: Message[]) => list.map((e) => translate(messages.localesDir, messages.lang, e.key, e.params));
  const previewRows: ImportPreviewRow[] = checked.map((r) => ({
    row: r.row,
    status: statusOf(r),
    values: r.values as Record<string, string>,
    errors: Object.fromEntries(Object.entries(r.errors).map(([k, v]) => [k, text(v)])),
    match_id: r.matchId,
  }));
  const [batch] = await db
    .insert(importBatches)
    .values({
      kind,
      fileName: upload.name.slice(0, 255),
      filialIds: branchesOf(checked),
      headers: table.headers,
      mapping,
      counts: countsOf(previewRows),
      rows: previewRows,
      createdBy: actor.user.id,
      createdAt: actor.now,
    })
    .returning();
  return { ...(await toBatch(db, batch, actor.now)), headers: table.headers, mapping, rows: previewRows };
}

type BatchRow = typeof importBatches.$inferSelect;

async function toBatch(db: DbOrTx, b: BatchRow, now: Date): Promise<ImportBatch> {
  const [author] = b.createdBy ? await db.select({ id: employees.id, full_name: employees.fullName }).from(employees).where(eq(employees.id, b.createdBy)) : [];
  return batchOut(b, author ?? null, now);
}

function batchOut(b: BatchRow, author: { id: number; full_name: string } | null, now: Date): ImportBatch {
  return {
    id: b.id,
    kind: b.kind,
    file_name: b.fileName,
    status: b.status,
    counts: b.counts,
    created: b.createdCount,
    created_by: author,
    created_at: b.createdAt.toISOString(),
    committed_at: b.committedAt?.toISOString() ?? null,
    undone_at: b.undoneAt?.toISOString() ?? null,
    can_undo: b.status === 'committed' && b.committedAt !== null && now.getTime() - b.committedAt.getTime() < UNDO_WINDOW_MS,
  };
}

/** A batch the user may see: uploaded within their branch scope (404 otherwise). */
async function visibleBatch(db: DbOrTx, user: AuthUser, id: number, lock = false): Promise<BatchRow> {
  const query = db.select().from(importBatches).where(eq(importBatches.id, id));
  const [batch] = lock ? await query.for('update') : await query;
  const scope = allowedFilials(user);
  if (!batch || !(batch.filialIds ?? []).every((f) => inScope(scope, f)) || (scope !== 'all' && (batch.filialIds ?? []).length === 0)) throw notFound('Import not found');
  return batch;
}

export async function getImport(db: Db, user: AuthUser, id: number, now: Date): Promise<ImportPreview> {
  const batch = await visibleBatch(db, user, id);
  return { ...(await toBatch(db, batch, now)), headers: batch.headers, mapping: batch.mapping, rows: batch.rows };
}

export async function listImports(db: Db, user: AuthUser, now: Date): Promise<ImportBatch[]> {
  const scope = allowedFilials(user);
  const rows = await db
    .select({ b: importBatches, author: { id: employees.id, full_name: employees.fullName } })
    .from(importBatches)
    .leftJoin(employees, eq(employees.id, importBatches.createdBy))
    .where(scope === 'all' ? sql`true` : sql`cardinality(${importBatches.filialIds}) > 0 AND ${importBatches.filialIds} <@ ${sql.raw(`ARRAY[${scope.map(Number).join(',') || 'NULL'}]::integer[]`)}`)
    .orderBy(desc(importBatches.createdAt), desc(importBatches.id))
    .limit(200);
  return rows.map((r) => batchOut(r.b, r.author, now));
}

export async function commitImport(db: Db, actor: Actor, id: number, localesDir: string): Promise<ImportBatch> {
  const committed = await db.transaction(async (tx) => {
    const batch = await visibleBatch(tx, actor.user, id, true);
    if (batch.status !== 'preview') throw keyedError('conflict', importMsg.notPreview);
    // Checked again against the database as it is now, inside the transaction.
    const checked = await checkRows(tx, batch.kind, batch.rows.map((r) => ({ row: r.row, values: r.values as Values })), await loadLookups(tx, allowedFilials(actor.user)), localesDir);
    const failed = checked.filter((r) => statusOf(r) === 'error');
    if (failed.length) throw fieldError('rows', importMsg.hasErrors, { count: failed.length });
    const fresh = checked.filter((r) => statusOf(r) === 'new').map((r) => r.data!);
    const created = await writeRows(tx, batch.kind, fresh, actor, batch.id);
    const createdCount = fresh.length;
    const counts = countsOf(checked.map((r) => ({ status: statusOf(r) })));
    const [row] = await tx
      .update(importBatches)
      .set({ status: 'committed', committedAt: actor.now, created, createdCount, counts })
      .where(eq(importBatches.id, id))
      .returning();
    await auditBy(tx, actor, {
      action: 'import.commit',
      entity: 'import',
      entityId: id,
      filialId: batch.filialIds?.[0] ?? null,
      after: { kind: batch.kind, file: batch.fileName, ...counts, created: createdCount },
      at: actor.now,
    });
    return row;
  });
  return toBatch(db, committed, actor.now);
}

export async function undoImport(db: Db, actor: Actor, id: number): Promise<ImportBatch> {
  const undone = await db.transaction(async (tx) => {
    const batch = await visibleBatch(tx, actor.user, id, true);
    if (batch.status !== 'committed' || !batch.committedAt) throw keyedError('conflict', importMsg.notCommitted);
    if (actor.now.getTime() - batch.committedAt.getTime() >= UNDO_WINDOW_MS) throw keyedError('conflict', importMsg.undoLate);
    const created: ImportCreated = batch.created ?? {};
    const written = await writtenSince(tx, batch.kind, created, batch.id);
    if (written) throw keyedError('conflict', importMsg.undoWritten, { what: written }, { written });
    await deleteCreated(tx, batch.kind, created, batch.id);
    const [row] = await tx.update(importBatches).set({ status: 'undone', undoneAt: actor.now }).where(eq(importBatches.id, id)).returning();
    await auditBy(tx, actor, {
      action: 'import.undo',
      entity: 'import',
      entityId: id,
      filialId: batch.filialIds?.[0] ?? null,
      after: { kind: batch.kind, file: batch.fileName, removed: batch.createdCount },
      at: actor.now,
    });
    return row;
  });
  return toBatch(db, undone, actor.now);
}
