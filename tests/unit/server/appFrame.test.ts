// server/http/appFrame.ts: which frame an app route's HTML gets, in which language and sidebar state.
import { describe, expect, it } from 'vitest';
import { type AppFrames, framesFor, withAppFrame } from '../../../server/http/appFrame';

const frame = (name: string) => ({ uz: `<div id="app-frame" data-wide="%wide%">${name} uz</div>`, ru: `<div id="app-frame" data-wide="%wide%">${name} ru</div>`, en: `<div id="app-frame">${name} en</div>` });
const FRAMES: AppFrames = {
  exact: { '/': 0, '/students': 1, '/control': 2 },
  prefix: { '/control': 3 },
  frames: [frame('home'), frame('students'), frame('control'), frame('control-miss')],
};
const ENTRY = '<script type="module" crossorigin src="/assets/index-abc.js"></script>';
const INDEX = `<!doctype html>\n<html lang="uz">\n<head>${ENTRY}</head>\n<body>\n<div id="root"></div>\n</body>\n</html>`;
const html = (pathname: string, lang?: string, sidebarState?: string) => withAppFrame(INDEX, FRAMES, { pathname, lang, sidebarState });

describe('the app frame in the HTML', () => {
  it('matches exact paths first, trailing slash ignored, then the longest prefix', () => {
    expect(framesFor(FRAMES, '/students')?.uz).toContain('students');
    expect(framesFor(FRAMES, '/students/')?.uz).toContain('students');
    expect(framesFor(FRAMES, '/control')?.uz).toContain('control uz');
    expect(framesFor(FRAMES, '/control/unknown')?.uz).toContain('control-miss');
    expect(framesFor(FRAMES, '/students/other')).toBeUndefined();
    expect(framesFor(FRAMES, '/login')).toBeUndefined();
    expect(framesFor(FRAMES, '/constructor')).toBeUndefined();
  });

  it('puts the frame before the app root, in the language of the cookie, and marks the document in it', () => {
    const ru = html('/students', 'ru');
    expect(ru).toContain('<html lang="ru">');
    expect(ru).toContain('students ru</div><div id="root"></div>');
    expect(ru.match(/id="app-frame"/g)).toHaveLength(1);
  });

  it('leaves the boot chunk to early-preload.js on an app route: fetched at once, run after the frame is painted', () => {
    const out = html('/students', 'uz');
    expect(out).not.toContain(ENTRY);
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc.js">');
    expect(html('/login', 'uz')).toContain(ENTRY);
  });

  it('uses Uzbek without a cookie or with one it does not know', () => {
    for (const lang of [undefined, 'de', '']) {
      const out = html('/students', lang);
      expect(out).toContain('<html lang="uz">');
      expect(out).toContain('students uz');
    }
  });

  it('shows the sidebar expanded unless its cookie says "false"', () => {
    expect(html('/students', 'uz')).toContain('data-wide="true"');
    expect(html('/students', 'uz', 'true')).toContain('data-wide="true"');
    expect(html('/students', 'uz', 'false')).toContain('data-wide="false"');
    expect(html('/students', 'uz', 'false')).not.toContain('%wide%');
  });

  it('leaves the sign-in page, unknown paths and a build without frames as they are', () => {
    expect(html('/login', 'ru')).toBe(INDEX);
    expect(html('/nowhere', 'ru')).toBe(INDEX);
    expect(withAppFrame(INDEX, null, { pathname: '/students', lang: 'ru', sidebarState: undefined })).toBe(INDEX);
  });
});
