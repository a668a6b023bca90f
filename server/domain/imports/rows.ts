// The rules of one import row per kind: each cell checked and resolved (names to ids, phones normalised, dates,
// amounts), every problem a message on its column. Pure: the look-ups come in, nothing is read or written here.
import { IMPORT_COLUMNS, importMsg, REQUIRED_COLUMNS, type ImportColumn, type ImportKind } from '../../../contract/imports';
import { normalizeAnyPhone } from '../../../contract/phone';
import { LEAD_STAGES } from '../../../contract/leadStages';
import { ROLES, type Role } from '../../../contract/roles';
import type { Message } from '../core/errors';
import { nameKey, type Lookups } from './lookups';

export type Values = Partial<Record<ImportColumn, string>>;
export type Cells = Partial<Record<ImportColumn, Message[]>>;

export type StudentData = {
  fullName: string;
  phone: string;
  parentPhone: string | null;
  otherParentPhones: string[];
  birthDate: string | null;
  filialId: number;
  groupId: number | null;
  joinedOn: string | null;
  openingBalance: string | null;
};
export type LeadData = {
  fullName: string;
  phone: string;
  filialId: number;
  subjectId: number | null;
  sourceId: number | null;
  stage: 'YANGI_LEAD' | 'KUTULMOQDA';
  operatorId: number | null;
  createdOn: string | null;
};
export type GroupData = {
  name: string;
  filialId: number;
  courseId: number;
  teacherId: number;
  roomId: number;
  days: number[];
  startTime: string;
  endTime: string;
  startDate: string;
  endDate: string;
  price: string;
};
export type EmployeeData = { fullName: string; phone: string; role: Role; filialIds: number[] };
export type RowData = StudentData | LeadData | GroupData | EmployeeData;

/** Words for stages, weekdays and roles in any of the three languages (the template's allowed values). */
export type Vocabulary = { stages: Map<string, string>; roles: Map<string, Role>; weekdays: Map<string, number> };

export type Checked = { errors: Cells; data: RowData | null; phone: string | null };

const m = (key: string, params?: Record<string, unknown>): Message => ({ key, params });

/** YYYY-MM-DD, DD.MM.YYYY or DD/MM/YYYY, a real calendar day between 1900 and 2999. */
export function parseDay(text: string): string | null {
  let y: string, mo: string, d: string;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dotted = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
  if (iso) [, y, mo, d] = iso;
  else if (dotted) [, d, mo, y] = dotted;
  else return null;
  const day = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day || Number(y) < 1900 || Number(y) > 2999) return null;
  return day;
}

/** "-150 000", "200000.50", "1 500,5" → a decimal string with two places; null when it is not an amount. */
export function parseAmount(text: string): string | null {
  let t = text.replace(/[\s\u00a0']/g, '');
  if (!t.includes('.') && (t.match(/,/g)?.length ?? 0) === 1 && /,\d{1,2}$/.test(t)) t = t.replace(',', '.');
  else t = t.replace(/,/g, '');
  if (!/^-?\d{1,12}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return `${whole}.${frac.padEnd(2, '0')}`;
}

const splitList = (text: string) =>
  text
    .split(/[,;/]/)
    .map((s) => s.trim())
    .filter(Boolean);

function required(kind: ImportKind, values: Values, errors: Cells) {
  for (const column of REQUIRED_COLUMNS[kind]) if (!values[column]) errors[column] = [m(importMsg.required)];
}

/** The branch a row names (in the user's scope), or the user's only branch when it names none. */
function branchOf(values: Values, lookups: Lookups, errors: Cells, fallback?: number | null): number | null {
  if (values.branch) {
    const found = lookups.branches.find(values.branch);
    if (!found) errors.branch = [m(importMsg.notFound, { value: values.branch })];
    return found?.id ?? null;
  }
  if (fallback != null) return fallback;
  if (lookups.branches.all.length === 1) return lookups.branches.all[0].id;
  errors.branch = [m(importMsg.required)];
  return null;
}

function phoneOf(column: ImportColumn, values: Values, errors: Cells): string | null {
  const text = values[column];
  if (!text) return null;
  const phone = normalizeAnyPhone(text);
  if (!phone) errors[column] = [m(importMsg.phone)];
  return phone;
}

function dayOf(column: ImportColumn, values: Values, errors: Cells): string | null {
  const text = values[column];
  if (!text) return null;
  const day = parseDay(text);
  if (!day) errors[column] = [m(importMsg.date)];
  return day;
}

function nameOf(column: ImportColumn, values: Values, errors: Cells): string {
  const text = values[column] ?? '';
  if (text.length > 150) errors[column] = [m('validation.maxLength', { max: 150 })];
  return text;
}

export function checkRow(kind: ImportKind, values: Values, lookups: Lookups, words: Vocabulary): Checked {
  const errors: Cells = {};
  required(kind, values, errors);
  const data = RULES[kind](values, lookups, words, errors);
  const phone = 'phone' in (data ?? {}) ? (data as { phone: string }).phone : null;
  return { errors, data: Object.keys(errors).length ? null : data, phone };
}

type Rule = (values: Values, lookups: Lookups, words: Vocabulary, errors: Cells) => RowData | null;

const RULES: Record<ImportKind, Rule> = {
  students(values, lookups, _words, errors) {
    const fullName = nameOf('full_name', values, errors);
    const phone = phoneOf('phone', values, errors);
    const parents: string[] = [];
    for (const text of splitList(values.parent_phones ?? '')) {
      const p = normalizeAnyPhone(text);
      if (p) parents.push(p);
      else errors.parent_phones = [m(importMsg.phone)];
    }
    const birthDate = dayOf('birth_date', values, errors);
    const joinedOn = dayOf('join_date', values, errors);
    let group = values.group ? lookups.groups.find(values.group) : undefined;
    const filialId = branchOf(values, lookups, errors, group?.filialId);
    if (values.group) {
      group = filialId != null ? lookups.groups.find(values.group, filialId) : group;
      if (!group) errors.group = [m(importMsg.notFound, { value: values.group })];
    }
    let openingBalance: string | null = null;
    if (values.opening_balance) {
      openingBalance = parseAmount(values.opening_balance);
      if (openingBalance === null) errors.opening_balance = [m(importMsg.amount)];
      else if (!values.group) errors.group = [m(importMsg.required)];
      if (openingBalance !== null && Number(openingBalance) === 0) openingBalance = null;
    }
    if (!phone || filialId == null) return null;
    return {
      fullName,
      phone,
      parentPhone: parents[0] ?? null,
      otherParentPhones: parents.slice(1),
      birthDate,
      filialId,
      groupId: group?.id ?? null,
      joinedOn,
      openingBalance,
    };
  },
  leads(values, lookups, words, errors) {
    const fullName = nameOf('full_name', values, errors);
    const phone = phoneOf('phone', values, errors);
    const filialId = branchOf(values, lookups, errors);
    const subject = values.subject ? lookups.subjects.find(values.subject) : undefined;
    if (values.subject && !subject) errors.subject = [m(importMsg.notFound, { value: values.subject })];
    const source = values.source ? lookups.sources.find(values.source) : undefined;
    if (values.source && !source) errors.source = [m(importMsg.notFound, { value: values.source })];
    const operator = values.operator ? (lookups.staff.find(values.operator) ?? lookups.staff.all.find((e) => e.extra?.phone === normalizeAnyPhone(values.operator ?? ''))) : undefined;
    if (values.operator && !operator) errors.operator = [m(importMsg.notFound, { value: values.operator })];
    const stage = values.stage ? words.stages.get(nameKey(values.stage)) : 'YANGI_LEAD';
    if (!stage) errors.stage = [m(importMsg.choice, { values: [...new Set(words.stages.values())].join(', ') })];
    const createdOn = dayOf('created_date', values, errors);
    if (!phone || filialId == null || !stage) return null;
    return { fullName, phone, filialId, subjectId: subject?.id ?? null, sourceId: source?.id ?? null, stage: stage as LeadData['stage'], operatorId: operator?.id ?? null, createdOn };
  },
  groups(values, lookups, words, errors) {
    const name = nameOf('name', values, errors);
    const filialId = branchOf(values, lookups, errors);
    const course = values.course && filialId != null ? lookups.courses.find(values.course, filialId) : undefined;
    if (values.course && filialId != null && !course) errors.course = [m(importMsg.notFound, { value: values.course })];
    const teacher = values.teacher ? lookups.teachers.find(values.teacher) : undefined;
    if (values.teacher && !teacher) errors.teacher = [m(importMsg.notFound, { value: values.teacher })];
    const room = values.room && filialId != null ? lookups.rooms.find(values.room, filialId) : undefined;
    if (values.room && filialId != null && !room) errors.room = [m(importMsg.notFound, { value: values.room })];
    const days = values.days ? parseDays(values.days, words) : [];
    if (values.days && !days) errors.days = [m(importMsg.days)];
    const time = values.time ? /^(\d{1,2}):(\d{2})\s*[-–—]\s*(\d{1,2}):(\d{2})$/.exec(values.time) : null;
    const startTime = time ? `${time[1].padStart(2, '0')}:${time[2]}` : '';
    const endTime = time ? `${time[3].padStart(2, '0')}:${time[4]}` : '';
    if (values.time && (!time || startTime >= endTime || startTime > '23:59' || endTime > '23:59')) errors.time = [m(importMsg.time)];
    const startDate = dayOf('start_date', values, errors);
    let price = course ? String(course.extra?.price) : null;
    if (values.price) {
      price = parseAmount(values.price);
      if (price === null || Number(price) < 0) errors.price = [m(importMsg.amount)];
    }
    if (filialId == null || !course || !teacher || !room || !days || !startDate || !price) return null;
    const months = Number(course.extra?.months ?? 1);
    const end = new Date(`${startDate}T00:00:00Z`);
    end.setUTCMonth(end.getUTCMonth() + months);
    end.setUTCDate(end.getUTCDate() - 1);
    return { name, filialId, courseId: course.id, teacherId: teacher.id, roomId: room.id, days, startTime, endTime, startDate, endDate: end.toISOString().slice(0, 10), price };
  },
  employees(values, lookups, words, errors) {
    const fullName = nameOf('full_name', values, errors);
    const phone = phoneOf('phone', values, errors);
    const role = values.role ? words.roles.get(nameKey(values.role)) : undefined;
    if (values.role && !role) errors.role = [m(importMsg.choice, { values: ROLES.filter((r) => r !== 'DIRECTOR').join(', ') })];
    const filialIds: number[] = [];
    for (const name of splitList(values.branches ?? '')) {
      const found = lookups.branches.find(name);
      if (found) filialIds.push(found.id);
      else errors.branches = [m(importMsg.notFound, { value: name })];
    }
    // No branches means every branch: only for a user who works in every branch.
    if (filialIds.length === 0 && lookups.scope !== 'all') errors.branches = [m(importMsg.required)];
    if (!phone || !role) return null;
    return { fullName, phone, role, filialIds: [...new Set(filialIds)] };
  },
};

function parseDays(text: string, words: Vocabulary): number[] | null {
  const days = new Set<number>();
  for (const part of splitList(text.replace(/\s+/g, ','))) {
    const n = /^[1-7]$/.test(part) ? Number(part) : words.weekdays.get(nameKey(part).replace(/\.$/, ''));
    if (!n) return null;
    days.add(n);
  }
  return days.size ? [...days].sort() : null;
}

/** The stages a lead may be imported at (an order needs its group and first lesson, so it is made by hand). */
export const IMPORTABLE_STAGES = LEAD_STAGES.filter((s) => s === 'YANGI_LEAD' || s === 'KUTULMOQDA');

export const columnsOf = (kind: ImportKind): readonly ImportColumn[] => IMPORT_COLUMNS[kind];
