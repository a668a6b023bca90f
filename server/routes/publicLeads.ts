// Issue 18 §3, the centre's own website and landing pages: POST /api/public/leads/ — public (before the token
// gate), with a branch's key in X-Lead-Key — and its CORS preflight. Limits per address (before the key is even
// looked at, so keys cannot be guessed fast) and per key; a browser page must be of an origin its key lists
// (others get no CORS headers, and their posts are refused); a bot that fills the hidden field is answered as a
// person would be, and nothing is written.
import { Hono, type MiddlewareHandler } from 'hono';
import { HONEYPOT_FIELD, LEAD_KEY_HEADER, publicLeadAnswer, publicLeadBody } from '../../contract/leadCapture';
import { forbidden } from '../domain/core/errors';
import { addressLimitKey, countPost, type FormKey, formKeyLimitKey, formKeyOf, someKeyAllows, takePublicLead } from '../domain/leads/publicLeads';
import { nowOf } from '../http/actor';
import { answers } from '../http/answers';
import { clientAddress } from '../http/clientAddress';
import type { AppDeps, AppEnv } from '../http/context';
import { declarePublic } from '../http/declare';
import { validate } from '../http/validate';

/** The key the middleware found, for the handler (by request; the context's variables are the app's). */
const keys = new WeakMap<Request, FormKey>();

function corsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': `Content-Type, ${LEAD_KEY_HEADER}`,
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

export function publicLeadRoutes(deps: AppDeps) {
  const perAddress: MiddlewareHandler<AppEnv> = async (c, next) => {
    await countPost(deps.db, addressLimitKey(clientAddress(c)), deps.config.leadForm.perAddress, nowOf(c));
    await next();
  };
  const keyAndOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
    const key = await formKeyOf(deps.db, c.req.header(LEAD_KEY_HEADER));
    const origin = c.req.header('origin')?.toLowerCase();
    // Without an Origin it is no browser page (a server posting for the site): the key alone decides.
    if (origin !== undefined) {
      if (!key.origins.includes(origin)) throw forbidden('This origin may not post with this key');
      for (const [name, value] of Object.entries(corsHeaders(origin))) c.header(name, value);
    }
    keys.set(c.req.raw, key);
    await countPost(deps.db, formKeyLimitKey(key.id), deps.config.leadForm.perKey, nowOf(c));
    await next();
  };
  const honeypot: MiddlewareHandler<AppEnv> = async (c, next) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const bait = body && typeof body === 'object' ? body[HONEYPOT_FIELD] : undefined;
    if (typeof bait === 'string' && bait.trim() !== '') return c.json({ received: true as const }, 201);
    await next();
  };
  return new Hono<AppEnv>({ strict: false })
    // The preflight is the browser's, not an operation of the API: a middleware, so the document lists no OPTIONS.
    .use('/leads', async (c, next) => {
      if (c.req.method !== 'OPTIONS') return next();
      const origin = c.req.header('origin');
      if (origin && (await someKeyAllows(deps.db, origin))) return c.body(null, 204, corsHeaders(origin));
      return c.body(null, 204);
    })
    .post('/leads', declarePublic(perAddress), keyAndOrigin, honeypot, validate('json', publicLeadBody), answers(publicLeadAnswer, { status: 201 }), async (c) => {
      await takePublicLead(deps.db, deps.config.localesDir, keys.get(c.req.raw)!, c.req.valid('json'), clientAddress(c), nowOf(c));
      return c.json({ received: true as const }, 201);
    });
}
