import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { catalogueKeys } from '../../../../api/catalogue';

/** After any change: every catalogue list and count may depend on it (levels per subject, groups per course). */
export function useCatalogueRefresh() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: catalogueKeys.all }), [client]);
}
