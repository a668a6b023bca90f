// The response schemas of the auth calls, loaded when the first answer arrives: the login page's first load stays
// free of zod (api/auth.ts is part of it).
import { z } from 'zod';
import { me, tokenPair } from '../../contract/auth';
import { filial } from '../../contract/filial';
import { notification } from '../../contract/notifications';

export { me, tokenPair };
export const filials = z.array(filial);
export const notifications = z.array(notification);
