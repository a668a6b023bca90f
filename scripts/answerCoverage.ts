// Prints how many operations of the OpenAPI document declare their success answer:
// `node --import tsx scripts/answerCoverage.ts` (add `--list` for the operations still without one).
import { createApp } from '../server/app';
import { configFromEnv } from '../server/config';
import type { Db } from '../server/db/client';
import { buildOpenApiDocument } from '../server/openapi/document';
import { undeclaredOperations } from '../server/openapi/coverage';

// The document is generated from the registered routes alone: no request runs, so no database is opened.
const app = createApp({ db: {} as Db, config: configFromEnv({ JWT_SECRET: 'coverage-only-secret-0123456789abcdef', SCRYPT_N: '1024' }) });
const doc = await buildOpenApiDocument(app, { version: 'coverage' });
const all = Object.values(doc.paths).flatMap((item) => Object.keys(item)).length;
const missing = undeclaredOperations(doc);
console.log(`operations with a success response schema: ${all - missing.length} of ${all}`);
if (process.argv.includes('--list')) for (const op of missing) console.log(op);
