// Security headers on every answer (hono's secureHeaders sets them). The built app loads only its own scripts,
// styles, fonts and images from this origin and talks only to this origin's /api, so its Content-Security-Policy
// allows 'self' and nothing inline: React and Ark UI set styles through the CSSOM (element.style), which
// style-src does not govern, and Panda writes its CSS to files. API answers are data, never a document: their
// policy allows nothing, and they are never stored by a cache (they carry branch data and personal details);
// content-addressed ones (a photo address with its key) keep their year-long cache like hashed assets.
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

const SELF = ["'self'"];
const NONE = ["'none'"];

type Options = NonNullable<Parameters<typeof secureHeaders>[0]>;

// Features the app never uses, switched off for this origin and anything it could embed.
const common: Options = {
  xFrameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-origin',
  // HTTPS is the reverse proxy's business: a Strict-Transport-Security set here could lock a whole domain.
  strictTransportSecurity: false,
  permissionsPolicy: { camera: false, microphone: false, geolocation: false, payment: false, usb: false },
};

const appHeaders = secureHeaders({
  ...common,
  contentSecurityPolicy: {
    defaultSrc: SELF,
    scriptSrc: SELF,
    styleSrc: SELF,
    imgSrc: [...SELF, 'data:', 'blob:'],
    fontSrc: SELF,
    connectSrc: SELF,
    objectSrc: NONE,
    baseUri: SELF,
    formAction: SELF,
    frameAncestors: NONE,
  },
});

const apiHeaders = secureHeaders({ ...common, contentSecurityPolicy: { defaultSrc: NONE, frameAncestors: NONE } });

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    if (!isApi(c.req.path)) return appHeaders(c, next);
    await apiHeaders(c, next);
    if (!/\bimmutable\b/.test(c.res.headers.get('cache-control') ?? '')) c.res.headers.set('Cache-Control', 'no-store');
  };
}
