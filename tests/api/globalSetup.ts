// Runs once before the API test files: builds the seeded database templates they copy (see templates.ts).
import type { TestProject } from 'vitest/node';
import { adminQuery, makePgliteTemplate, makePostgresTemplate, postgresReachable, removeTemplateFile } from './templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the dumped, seeded PGlite data directory. */
    pgliteTemplate: string;
    /** Name of the seeded PostgreSQL template database, or '' when PostgreSQL is unreachable. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const usePostgres = (await postgresReachable()) || process.env.CI === 'true';
  const [pgliteFile, postgresName] = await Promise.all([makePgliteTemplate(), usePostgres ? makePostgresTemplate() : Promise.resolve('')]);
  project.provide('pgliteTemplate', pgliteFile);
  project.provide('postgresTemplate', postgresName);
  return async () => {
    removeTemplateFile(pgliteFile);
    if (postgresName) await adminQuery(`drop database if exists ${postgresName} with (force)`);
  };
}
