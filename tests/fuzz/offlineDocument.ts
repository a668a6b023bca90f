// The API's OpenAPI document built without a database (no request runs), for the fuzzer's own tests.
import { createApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import type { Db } from '../../server/db/client';
import { buildOpenApiDocument, type OpenApiDocument } from '../../server/openapi/document';

let built: Promise<OpenApiDocument> | undefined;

export function offlineDocument(): Promise<OpenApiDocument> {
  const app = () => createApp({ db: {} as Db, config: configFromEnv({ JWT_SECRET: 'fuzz-unit-only-secret-0123456789abcdef', SCRYPT_N: '1024' }) });
  built ??= buildOpenApiDocument(app(), { version: 'unit' });
  return built;
}
