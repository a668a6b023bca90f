// Cookies for the few settings that must survive logout (which clears local and session storage): the language
// and the sidebar state. Pure string helpers plus thin document.cookie wrappers.

export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The value of cookie `name` in a `document.cookie` string, or null. */
export function readCookie(name: string, cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The string to assign to `document.cookie`: site-wide, lax, with a max-age in seconds. */
export function cookieString(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}

export function getBrowserCookie(name: string): string | null {
  return typeof document === 'undefined' ? null : readCookie(name, document.cookie);
}

export function setBrowserCookie(name: string, value: string, maxAgeSeconds: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the browsers centres use; one write, built by cookieString
  if (typeof document !== 'undefined') document.cookie = cookieString(name, value, maxAgeSeconds);
}
