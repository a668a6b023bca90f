// Apart from contract/salary.ts (zod schemas) so the sidebar, part of the first load, can use it without zod.

/** Roles that may read salaries (with the employees page): the director, and branch managers within their branches. */
export const SALARY_ROLES = ['DIRECTOR', 'FILIAL_Manager', 'MULTIPLE_FILIAL_MANAGER'] as const;
