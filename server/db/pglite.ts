// Every PGlite instance of the project is opened here, so each loads the extensions the migrations create
// (pg_trgm, for the trigram indexes behind name search): an instance without it could not use those indexes
// nor write to their tables.
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm };

/** `PGlite.create` with the project's extensions; in memory without a data directory. */
export function createPglite(dataDir?: string, options: Omit<PGliteOptions, 'extensions' | 'dataDir'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, ...(dataDir === undefined ? {} : { dataDir }), extensions: PGLITE_EXTENSIONS });
}
