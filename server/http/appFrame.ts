// The app frame in the HTML of an app route: the build renders, per route and language, the signed-in layout with
// the page's title (src/app/AppFrame.tsx, scripts/appFrames.ts → dist/app-frames.json); this picks the one for the
// requested path, fills in the sidebar's state and puts it before the app's root. The browser paints it from HTML
// and CSS before any script runs; it shows only when a session is stored (public/early-preload.js, src/index.css),
// and the app removes it in the commit that puts the page on screen.
import { LANGS, type Lang } from '../i18n';

/** The shape of dist/app-frames.json (scripts/appFrames.ts). */
export type AppFrames = { exact: Record<string, number>; prefix: Record<string, number>; frames: Record<Lang, string>[] };

/** Must agree with scripts/appFrames.ts. */
const WIDE_SLOT = /%wide%/g;
const ROOT = '<div id="root">';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The frames of the route of `pathname`: exact first, then the longest prefix (as src/app/routes.ts matches). */
export function framesFor(all: AppFrames, pathname: string): Record<Lang, string> | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = Object.hasOwn(all.exact, path) ? all.exact[path] : undefined;
  if (exact !== undefined) return all.frames[exact];
  const prefix = Object.keys(all.prefix)
    .filter((p) => path.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? undefined : all.frames[all.prefix[prefix]];
}

export type FrameRequest = { pathname: string; lang: string | undefined; sidebarState: string | undefined };

/**
 * index.html with the frame of the requested route in the language of the `lang` cookie (Uzbek without one, as the
 * app) and the sidebar as the `sidebar_state` cookie leaves it (expanded unless "false"), its boot script left to
 * public/early-preload.js; unchanged for /login and paths that are no app route.
 */
export function withAppFrame(indexHtml: string, all: AppFrames | null, request: FrameRequest): string {
  const lang: Lang = (LANGS as readonly string[]).includes(request.lang ?? '') ? (request.lang as Lang) : 'uz';
  const frames = all ? framesFor(all, request.pathname) : undefined;
  if (!frames || !indexHtml.includes(ROOT)) return indexHtml;
  const frame = frames[lang].replace(WIDE_SLOT, request.sidebarState === 'false' ? 'false' : 'true');
  return (
    indexHtml
      .replace(/<html lang="[a-z]+"/, `<html lang="${lang}"`)
      // The boot chunk is still fetched at once, but run by public/early-preload.js: with a session, after the
      // frame's first paint (a module script would run its long task before the browser painted anything).
      .replace(ENTRY_SCRIPT, '<link rel="modulepreload" crossorigin href="$1">')
      .replace(ROOT, `${frame}${ROOT}`)
  );
}
