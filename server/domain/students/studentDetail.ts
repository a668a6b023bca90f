// GET /students/{id}/: the student card. Branch scope first (outside it: 404); memberships are the open ones,
// each with its teacher, own price and balance.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { StudentDetail } from '../../../contract/students';
import type { DbOrTx } from '../../db/client';
import { employees, groups, leads, studentGroups, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { allowedFilials, inScope } from '../core/scope';
import { membershipBalanceSql, studentBalanceSql } from './balance';
import { groupsOf } from './studentRows';
import { ownGroupIdCondition, ownStudentCondition } from './teacherScope';

export async function getStudentDetail(q: DbOrTx, user: AuthUser, id: number): Promise<StudentDetail> {
  const [row] = await q
    .select({
      student: students,
      balance: sql<string>`${studentBalanceSql(students.id)}::text`,
      leadName: leads.fullName,
    })
    .from(students)
    .leftJoin(leads, eq(leads.id, students.leadId))
    .where(and(eq(students.id, id), ownStudentCondition(user, students.id)));
  if (!row || !inScope(allowedFilials(user), row.student.filialId)) throw notFound('Student not found');
  const s = row.student;
  const memberships = await q
    .select({
      id: studentGroups.id,
      groupId: groups.id,
      groupName: groups.name,
      teacherId: employees.id,
      teacherName: employees.fullName,
      joined_on: studentGroups.joinedOn,
      price: studentGroups.price,
      balance: sql<string>`${membershipBalanceSql(studentGroups.id)}::text`,
    })
    .from(studentGroups)
    .innerJoin(groups, eq(groups.id, studentGroups.groupId))
    .leftJoin(employees, eq(employees.id, groups.teacherId))
    .where(and(eq(studentGroups.studentId, id), isNull(studentGroups.leftOn), ownGroupIdCondition(user, studentGroups.groupId)))
    .orderBy(asc(studentGroups.joinedOn), asc(studentGroups.id));
  const shownGroups = (await groupsOf(q, [id])).get(id) ?? [];
  return {
    id: s.id,
    full_name: s.fullName,
    phone: s.phone,
    extra_phone: s.extraPhone,
    parent_phone: s.parentPhone,
    birth_date: s.birthDate,
    gender: s.gender,
    comment: s.comment,
    filial: s.filialId,
    status: s.status,
    is_archived: s.isArchived,
    groups: shownGroups,
    balance: row.balance,
    created_at: s.createdAt.toISOString(),
    frozen_from: s.frozenFrom,
    frozen_to: s.frozenTo,
    frozen_reason: s.frozenReason,
    archived_reason: s.archivedReason,
    archived_at: s.archivedAt ? s.archivedAt.toISOString() : null,
    archived_from_status: s.archivedFromStatus,
    lead: s.leadId != null && row.leadName != null ? { id: s.leadId, full_name: row.leadName } : null,
    memberships: memberships.map((m) => ({
      id: m.id,
      group: { id: m.groupId, name: m.groupName },
      teacher: m.teacherId != null && m.teacherName != null ? { id: m.teacherId, full_name: m.teacherName } : null,
      joined_on: m.joined_on,
      price: m.price,
      balance: m.balance,
    })),
  };
}
