// The salary page's query as pure rules: the month (this one by default) and the branch (absent = every branch
// the user sees).
import type { SalaryParams } from '../../../contract/salary';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** 'YYYY-MM' of `today` on the reader's clock. */
export function thisMonth(today: Date = new Date()): string {
  return `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
}

/** The month and branch in the URL query; this month where the month is missing or malformed. */
export function salaryParamsFromQuery(params: URLSearchParams, today: Date = new Date()): SalaryParams {
  const month = params.get('month');
  const filial = Number(params.get('filial'));
  return {
    month: month && MONTH.test(month) ? month : thisMonth(today),
    ...(Number.isInteger(filial) && filial > 0 ? { filial } : {}),
  };
}
