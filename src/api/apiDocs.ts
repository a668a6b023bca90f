// GET /api/openapi.json for the API reference page: the contract's schema of the parts the page shows.
import { useQuery } from '@tanstack/react-query';
import { openApiDocument } from '../../contract/openapi';
import { api } from './http';

export { apiOperation, type ApiOperation, type OpenApiDoc, openApiDocument as openApiDoc } from '../../contract/openapi';

export const OPENAPI_URL = '/api/openapi.json';

/** The document changes only with a new server version: fetched once per visit. */
export function useOpenApiDoc() {
  return useQuery({ queryKey: ['openapi'], queryFn: () => api.get('/openapi.json', { schema: openApiDocument }), staleTime: Infinity });
}
