// GET /api/openapi.json: the API's OpenAPI 3.1 document, public (integrators read it before they have a token).
// Built on the first request, when every route is registered, and kept: the routes never change while running.
import { Hono } from 'hono';
import pkg from '../../package.json';
import { listEndpoints } from '../http/endpoints';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi/document';

export function openApiRoutes(app: () => Hono<any, any, any>) {
  let built: OpenApiDocument | undefined;
  return new Hono({ strict: false }).get('/', (c) => {
    built ??= buildOpenApiDocument(listEndpoints(app()), { version: pkg.version });
    return c.json(built);
  });
}
