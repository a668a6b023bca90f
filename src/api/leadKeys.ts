// The public lead form's keys of a branch (GET/POST /filial/{id}/lead_keys/, PATCH/DELETE .../{key_id}/).
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { createdLeadKey, leadKey, type CreatedLeadKey, type LeadKey, type LeadKeyCreateBody, type LeadKeyPatchBody } from '../../contract/leadCapture';
import { api } from './http';
import { idempotencyHeaders } from './idempotency';
import { queryClient } from './queryClient';

export const leadKeysKey = (filial: number | null) => ['control', 'leadKeys', filial] as const;

export function useLeadKeys(filial: number | null) {
  return useQuery({
    queryKey: leadKeysKey(filial),
    queryFn: () => api.get(`/filial/${filial}/lead_keys/`, { schema: z.array(leadKey) }),
    enabled: filial !== null,
  });
}

/** Every write refreshes the branch's keys. */
const refreshed = async <T>(filial: number, write: Promise<T>): Promise<T> => {
  const result = await write;
  await queryClient.invalidateQueries({ queryKey: leadKeysKey(filial) });
  return result;
};
export const createLeadKey = (filial: number, body: LeadKeyCreateBody, key: string): Promise<CreatedLeadKey> =>
  refreshed(filial, api.post(`/filial/${filial}/lead_keys/`, body, { schema: createdLeadKey, headers: idempotencyHeaders(key) }));
export const patchLeadKey = (filial: number, id: number, body: LeadKeyPatchBody, key: string): Promise<LeadKey> =>
  refreshed(filial, api.patch(`/filial/${filial}/lead_keys/${id}/`, body, { schema: leadKey, headers: idempotencyHeaders(key) }));
export const revokeLeadKey = (filial: number, id: number, key: string): Promise<unknown> =>
  refreshed(filial, api.delete(`/filial/${filial}/lead_keys/${id}/`, { headers: idempotencyHeaders(key) }));
