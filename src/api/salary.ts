// Teacher salaries per month (issue 6): GET /salary/?month=YYYY-MM&filial. The workbook goes through
// DownloadButton (GET /salary/excel/).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { salaryReport, type SalaryParams } from '../../contract/salary';
import { api } from './http';

export type { SalaryReport, SalaryRow } from '../../contract/salary';

export const salaryKeys = {
  all: ['salary'] as const,
  month: (params: SalaryParams) => ['salary', params] as const,
};

/** The previous month's figures stay while the new ones load. */
export function useSalary(params: SalaryParams) {
  return useQuery({
    queryKey: salaryKeys.month(params),
    queryFn: () => api.get('/salary/', { params, schema: salaryReport }),
    placeholderData: keepPreviousData,
  });
}
