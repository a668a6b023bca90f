// The control area's audit log (GET /logs/ without `lead`): the rows audit() writes beside every change, newest
// first. The director reads every row; another reader with the control page reads the rows of their branches and,
// of the rows that name no branch (sign-ins, shared catalogues), only their own.
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { isActionPrefix, type AuditLogEntry, type auditLogQuery } from '../../../contract/auditLog';
import type { Db } from '../../db/client';
import { auditLog, employees } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { readPage, type Page } from '../catalogue/paging';
import { actorColumns, personRef } from '../core/people';
import { inPeriod } from '../finance/ledgerSql';
import { allowedFilials, resolveFilial } from '../core/scope';

type Query = z.output<typeof auditLogQuery>;

/** LIKE with the pattern's own % and _ taken literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function conditions(user: AuthUser, query: Query): SQL[] {
  const out: SQL[] = [];
  const scope = allowedFilials(user);
  if (query.filial != null) {
    resolveFilial(user, query.filial);
    out.push(eq(auditLog.filialId, query.filial));
  } else if (scope !== 'all') {
    const mine = eq(auditLog.actorId, user.id);
    out.push(scope.length ? or(inArray(auditLog.filialId, scope), and(isNull(auditLog.filialId), mine))! : and(isNull(auditLog.filialId), mine)!);
  }
  if (query.actor != null) out.push(eq(auditLog.actorId, query.actor));
  if (query.action) {
    out.push(isActionPrefix(query.action) ? sql`${auditLog.action} like ${`${escapeLike(query.action)}%`}` : eq(auditLog.action, query.action));
  }
  if (query.entity) out.push(eq(auditLog.entity, query.entity));
  if (query.object_id) out.push(eq(auditLog.entityId, query.object_id));
  out.push(...inPeriod(auditLog.createdAt, query.start_date, query.end_date));
  return out;
}

export async function listAuditLog(db: Db, user: AuthUser, query: Query, url: string): Promise<Page<AuditLogEntry>> {
  const where = and(...conditions(user, query));
  const rows = db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      ...actorColumns,
      action: auditLog.action,
      entity: auditLog.entity,
      object_id: auditLog.entityId,
      filial: auditLog.filialId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(employees, eq(employees.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  return readPage(url, query, db.select({ n: count() }).from(auditLog).where(where), rows, ({ createdAt, actorId, actorName, ...r }) => ({
    ...r,
    created_at: createdAt.toISOString(),
    actor: personRef(actorId, actorName),
  }));
}
