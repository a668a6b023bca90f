// GET /api/openapi.json: the API's OpenAPI 3.1 document, public (integrators read it before they have a token).
// Generated on the first request, when every route is registered, and kept as text: the routes never change while
// the server runs.
import { Hono } from 'hono';
import pkg from '../../package.json';
import { answers } from '../http/answers';
import { buildOpenApiDocument } from '../openapi/document';
import { openApiDocument } from '../../contract/openapi';

// biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env, schema and base path
export function openApiRoutes(app: () => Hono<any, any, any>) {
  let text: Promise<string> | undefined;
  return new Hono({ strict: false }).get('/', answers(openApiDocument), async (c) => {
    text ??= buildOpenApiDocument(app(), { version: pkg.version })
      .then((doc) => JSON.stringify(doc))
      .catch((err: unknown) => {
        text = undefined;
        throw err;
      });
    return c.body(await text, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
}
