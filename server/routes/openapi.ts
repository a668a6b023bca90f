// GET /api/openapi.json: the API's OpenAPI 3.1 document, public (integrators read it before they have a token).
// Built on the first request, when every route is registered, and kept as text: the routes never change while
// the server runs.
import { Hono } from 'hono';
import pkg from '../../package.json';
import { listEndpoints } from '../http/endpoints';
import { buildOpenApiDocument } from '../openapi/document';

// biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env, schema and base path
export function openApiRoutes(app: () => Hono<any, any, any>) {
  let text: string | undefined;
  return new Hono({ strict: false }).get('/', (c) => {
    text ??= JSON.stringify(buildOpenApiDocument(listEndpoints(app()), { version: pkg.version }));
    return c.body(text, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
}
