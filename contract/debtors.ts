// Debtors (the money issue): students whose balance in a group is below zero, by branch, group, teacher and
// lesson day. GET /finance/debtors/ (paged, biggest debt first, with totals over every matching row) and
// GET /finance/debtors/excel/ (the same rows as an .xlsx). One row per group in which a current student (not
// archived, in a group now) has a negative balance, groups they have left included.
import { z } from 'zod';
import { emptyAsAbsent, optionalQuery, pageQuery, paged, queryId } from './common';

/** The most rows one spreadsheet holds (a centre's whole debtor list fits many times over). */
export const DEBTORS_EXCEL_LIMIT = 50_000;

const money = z.string();
const ref = z.object({ id: z.number().int(), name: z.string() });
const person = z.object({ id: z.number().int(), full_name: z.string() });

/** Filters shared by the list and the spreadsheet. */
export const debtorsFilters = z.object({
  filial: queryId,
  group: queryId,
  teacher: queryId,
  /** An ISO weekday (1 = Monday .. 7) on which the group has lessons. */
  day: optionalQuery(z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.min').max(7, 'validation.max')),
  /** A piece of the name, or of the phone when made of digits. */
  q: z.preprocess(emptyAsAbsent, z.string().trim().max(100, 'validation.maxLength').optional()),
  /** Only debts at least this large (a positive amount: 50000 means a balance of −50 000 or lower). */
  min_debt: optionalQuery(z.string().trim().regex(/^\d{1,12}(\.\d{1,2})?$/, 'validation.money')),
});
export type DebtorsFilters = z.output<typeof debtorsFilters>;

export const debtorsQuery = debtorsFilters.extend({
  page: z.preprocess(emptyAsAbsent, pageQuery.shape.page),
  page_size: z.preprocess(emptyAsAbsent, pageQuery.shape.page_size),
});

/** What a client sends to GET /finance/debtors/ and /finance/debtors/excel/. */
export type DebtorsParams = {
  page?: number;
  page_size?: number;
  filial?: number;
  group?: number;
  teacher?: number;
  day?: number;
  q?: string;
  min_debt?: string;
};

export const debtorRow = z.object({
  student: z.object({ id: z.number().int(), full_name: z.string(), phone: z.string(), parent_phone: z.string().nullable() }),
  filial: ref,
  group: ref,
  teacher: person,
  /** The group's lesson days, ISO weekdays. */
  days: z.array(z.number().int()),
  /** The balance in this group: negative, two decimals ("-450000.00"). */
  balance: money,
  /** The student's last payment into this group that was not reversed. */
  last_payment_at: z.string().nullable(),
});
export type DebtorRow = z.infer<typeof debtorRow>;

/** The page plus the totals of every matching row: how many rows and the sum of their balances (negative). */
export const debtorsPage = paged(debtorRow).extend({ totals: z.object({ count: z.number().int(), debt: money }) });
export type DebtorsPage = z.infer<typeof debtorsPage>;

/** GET /finance/debtors/options/?filial: the groups and teachers that have debtors now (the filters' choices). */
export const debtorOptionsQuery = z.object({ filial: queryId });
export const debtorOptions = z.object({ groups: z.array(ref), teachers: z.array(person) });
export type DebtorOptions = z.infer<typeof debtorOptions>;
