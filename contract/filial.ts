import { z } from 'zod';

export const filial = z.object({ id: z.number().int(), name: z.string() });
export type Filial = z.infer<typeof filial>;
