// The request's language; the translation itself is server/i18n.ts (re-exported for the HTTP layer).
import type { Context } from 'hono';
import { LANGS, type Lang } from '../i18n';

export * from '../i18n';

/** The best of uz/ru/en by the Accept-Language q-values; uz when neither is asked for. */
export function requestLang(c: Context): Lang {
  const header = c.req.header('accept-language') ?? '';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.split('-')[0], q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((t) => t.base).find((b): b is Lang => (LANGS as readonly string[]).includes(b)) ?? 'uz';
}
