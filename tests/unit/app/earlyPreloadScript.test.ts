// public/early-preload.js, run as the browser runs it (a plain script, before the boot chunk) against a minimal
// document: it preloads the translations of the language the cookie holds, with Uzbek as the fallback, for every
// language the interface offers.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../../src/i18n/language';

const SCRIPT = readFileSync(new URL('../../../public/early-preload.js', import.meta.url), 'utf8');
const DATA = { entry: 'assets/index.js', files: ['assets/shell.js', 'assets/students.js'], bootNs: ['common'], shell: [0], shellNs: ['shell'], pages: [[[1], ['students']]], exact: { '/students': 0 }, prefix: {} };

/** A refresh token whose `exp` is `secondsFromNow` away (the script reads it without verifying). */
const token = (secondsFromNow: number) => `h.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + secondsFromNow })).toString('base64url')}.s`;

/**
 * Runs the script in a parsed document; what it asked the head to preload, whether it showed the app frame
 * (data-frame on <html>), and when it started the boot chunk: 'at once', 'after a frame' (requestAnimationFrame,
 * then a task) or not at all.
 */
function run(cookie: string, stored: string | null, pathname = '/students', moduleScript = false) {
  const links: { rel: string; href: string; src?: string }[] = [];
  const attributes = new Set<string>();
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const booted = () => links.some((l) => l.src === '/assets/index.js');
  const document = {
    cookie,
    readyState: 'interactive',
    // The server leaves the boot chunk's module script out of an app route's HTML; /login keeps it.
    querySelector: (selector: string) => (moduleScript && selector.startsWith('script') ? {} : null),
    documentElement: { setAttribute: (name: string) => attributes.add(name) },
    getElementById: (id: string) => (id === 'early-preload' ? { textContent: JSON.stringify(DATA) } : null),
    createElement: () => ({}) as { rel: string; href: string },
    head: { appendChild: (el: { rel: string; href: string }) => links.push(el) },
  };
  const localStorage = { getItem: (key: string) => (key === 'refreshToken' ? stored : null) };
  const requestAnimationFrame = (f: () => void) => frames.push(f);
  const setTimeout = (f: () => void) => timers.push(f);
  runInNewContext(SCRIPT, { document, localStorage, location: { pathname }, atob, requestAnimationFrame, setTimeout });
  let boot = booted() ? 'at once' : 'not at all';
  if (boot === 'not at all') {
    // Only the task the frame queued, not the fallback timer for hidden tabs.
    const before = timers.length;
    frames.splice(0).forEach((f) => f());
    timers.slice(before).forEach((f) => f());
    if (booted()) boot = 'after a frame';
  }
  return { hrefs: links.filter((l) => l.href).map((l) => l.href), frame: attributes.has('data-frame'), boot };
}

/** The hrefs the script asked the head to preload. */
const preloads = (cookie: string, signedIn: boolean, pathname = '/students') => run(cookie, signedIn ? token(3600) : null, pathname).hrefs;

describe('the early preload script', () => {
  it.each(LANGS)('preloads the %s translations the cookie names, and Uzbek beside them', (lang) => {
    const hrefs = preloads(`theme=dark; lang=${lang}`, true);
    const wanted = lang === 'uz' ? ['uz'] : [lang, 'uz'];
    for (const l of wanted) for (const ns of ['common', 'shell', 'students']) expect(hrefs).toContain(`/locales/${l}/${ns}.json`);
    expect(hrefs.filter((h) => h.startsWith('/locales/')).every((h) => wanted.some((l) => h.startsWith(`/locales/${l}/`)))).toBe(true);
    expect(hrefs).toContain('/assets/students.js');
  });

  it('preloads only the sign-in page’s translations without a stored session, in Uzbek without a cookie', () => {
    expect(preloads('', false)).toEqual(['/locales/uz/common.json']);
  });

  it('shows the app frame with a stored session that has not expired, except on the sign-in page', () => {
    expect(run('', token(3600)).frame).toBe(true);
    expect(run('', 'not-a-jwt').frame).toBe(true);
    expect(run('', token(3600), '/login').frame).toBe(false);
    expect(run('', null).frame).toBe(false);
  });

  it('starts the boot chunk after the frame’s first paint when it shows the frame, else at once', () => {
    expect(run('', token(3600)).boot).toBe('after a frame');
    expect(run('', token(3600), '/login').boot).toBe('at once');
    expect(run('', null).boot).toBe('at once');
    expect(run('', token(-60)).boot).toBe('at once');
  });

  it('leaves the boot chunk to the HTML’s own module script when the server kept it (the sign-in page)', () => {
    expect(run('', null, '/login', true).boot).toBe('not at all');
    expect(run('', token(3600), '/login', true).boot).toBe('not at all');
  });

  it('starts the boot chunk in a tab that produces no frames (hidden) by its timer', () => {
    const links: { src?: string }[] = [];
    const timers: (() => void)[] = [];
    const document = { cookie: '', readyState: 'interactive', querySelector: () => null, documentElement: { setAttribute: () => undefined }, getElementById: () => ({ textContent: JSON.stringify(DATA) }), createElement: () => ({}), head: { appendChild: (el: { src?: string }) => links.push(el) } };
    const localStorage = { getItem: () => token(3600) };
    runInNewContext(SCRIPT, { document, localStorage, location: { pathname: '/students' }, atob, requestAnimationFrame: () => undefined, setTimeout: (f: () => void) => timers.push(f) });
    expect(links.some((l) => l.src)).toBe(false);
    timers.forEach((f) => f());
    expect(links.filter((l) => l.src)).toHaveLength(1);
  });

  it('treats an expired refresh token as signed out: no frame, no signed-in code', () => {
    const expired = run('', token(-60));
    expect(expired.frame).toBe(false);
    expect(expired.hrefs).toEqual(['/locales/uz/common.json']);
  });
});
