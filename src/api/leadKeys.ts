// The public lead form's keys of a branch (GET/POST /filial/{id}/lead_keys/, PATCH/DELETE .../{key_id}/).
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { createdLeadKey, leadKey, type CreatedLeadKey, type LeadKey, type LeadKeyCreateBody, type LeadKeyPatchBody } from '../../contract/leadCapture';
import { api } from './http';

export const leadKeysKey = (filial: number | null) => ['control', 'leadKeys', filial] as const;

export function useLeadKeys(filial: number | null) {
  return useQuery({
    queryKey: leadKeysKey(filial),
    queryFn: () => api.get(`/filial/${filial}/lead_keys/`, { schema: z.array(leadKey) }),
    enabled: filial !== null,
  });
}

export const createLeadKey = (filial: number, body: LeadKeyCreateBody): Promise<CreatedLeadKey> => api.post(`/filial/${filial}/lead_keys/`, body, { schema: createdLeadKey });
export const patchLeadKey = (filial: number, id: number, body: LeadKeyPatchBody): Promise<LeadKey> => api.patch(`/filial/${filial}/lead_keys/${id}/`, body, { schema: leadKey });
export const revokeLeadKey = (filial: number, id: number): Promise<unknown> => api.delete(`/filial/${filial}/lead_keys/${id}/`);
