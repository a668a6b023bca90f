import { describe, expect, it } from 'vitest';
import { areaChunks, routeModules, staticClosure, type Manifest } from '../../../bench/app/chunks';
import { END, START, markdownRows, replaceBetweenMarkers } from '../../../bench/app/markdown';
import { assetKind, totals, type Asset } from '../../../bench/app/sizes';
import { budgetRow } from '../../../bench/app/types';

describe('app benchmark: routes and chunks', () => {
  it('reads each route path and its lazily imported page, named or inline', () => {
    const source = [
      "const Home = lazy(() => import('../views/home/HomePage'));",
      "const lists = lazyPage(() => import('../views/students/StudentsListPage'), ['students']);",
      "  { path: '/', title: 'nav.home', component: Home },",
      "  { path: '/students', title: 'x', pages: ['all_students'], section: students, component: lists },",
      "  { path: '/leads', title: 'x', component: lazyPage(() => import('../views/leads/LeadsPage'), ['leads']) },",
    ].join('\n');
    expect(routeModules(source)).toEqual([
      { path: '/', module: 'src/views/home/HomePage.tsx' },
      { path: '/students', module: 'src/views/students/StudentsListPage.tsx' },
      { path: '/leads', module: 'src/views/leads/LeadsPage.tsx' },
    ]);
  });

  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_i18n.js'], dynamicImports: ['src/views/shell/ShellLayout.tsx'], css: ['assets/index.css'] },
    '_i18n.js': { file: 'assets/i18n.js' },
    'src/views/shell/ShellLayout.tsx': { file: 'assets/Shell.js', isDynamicEntry: true, imports: ['index.html', '_query.js'] },
    '_query.js': { file: 'assets/query.js' },
    '_table.js': { file: 'assets/table.js', imports: ['_query.js'] },
    'src/views/leads/LeadsPage.tsx': { file: 'assets/Leads.js', isDynamicEntry: true, imports: ['_table.js', '_i18n.js'] },
    'src/views/home/HomePage.tsx': { file: 'assets/Home.js', imports: ['index.html'] },
  };

  it('follows static imports only, each chunk once', () => {
    expect([...staticClosure(manifest, 'src/views/leads/LeadsPage.tsx')].sort()).toEqual(['_i18n.js', '_query.js', '_table.js', 'src/views/leads/LeadsPage.tsx']);
  });

  it('counts what a page adds beyond the first load and the shell, and whether it is a lazy chunk of its own', () => {
    const size = (file: string) => file.length;
    const { areas, entryFiles, shellFiles } = areaChunks(manifest, [
      { path: '/leads', module: 'src/views/leads/LeadsPage.tsx' },
      { path: '/', module: 'src/views/home/HomePage.tsx' },
    ], size);
    expect(entryFiles).toEqual(['assets/index.js', 'assets/i18n.js']);
    expect(shellFiles).toEqual(['assets/Shell.js', 'assets/query.js']);
    expect(areas[0]).toMatchObject({ ownLazyChunk: true, files: ['assets/Leads.js', 'assets/table.js'], js: 'assets/Leads.js'.length + 'assets/table.js'.length });
    // Not a dynamic entry: bundled into what imports it, so not lazy.
    expect(areas[1].ownLazyChunk).toBe(false);
  });
});

describe('app benchmark: sizes and report', () => {
  it('tells JS from CSS and sums each URL once', () => {
    expect(assetKind('http://x/assets/a.js', '')).toBe('js');
    expect(assetKind('http://x/assets/a.css', '')).toBe('css');
    expect(assetKind('http://x/locales/uz/auth.json', 'application/json')).toBeNull();
    const a = (url: string, kind: Asset['kind'], gzip: number): Asset => ({ url, path: url, kind, bytes: gzip * 3, gzip });
    expect(totals([a('1', 'js', 10), a('1', 'js', 10), a('2', 'js', 5), a('3', 'css', 7)])).toEqual({ js: 15, css: 7, jsCount: 2, cssCount: 1 });
  });

  it('marks rows within or over their budget', () => {
    expect(budgetRow('a', 120, 'kB', 120)).toMatchObject({ ok: true });
    expect(budgetRow('a', 120.01, 'kB', 120)).toMatchObject({ ok: false });
    expect(budgetRow('a', 5, 'ms')).toEqual({ name: 'a', value: 5, unit: 'ms' });
  });

  it('replaces the table between the markers and keeps the prose around it', () => {
    const table = markdownRows([budgetRow('login JS', 99, 'kB', 120), budgetRow('LCP', 1200, 'ms', 1000)]);
    expect(table).toContain('| login JS | 99 kB | ≤ 120 kB | ok |');
    expect(table).toContain('| LCP | 1200 ms | ≤ 1000 ms | **over** |');
    const doc = `# Title\n\nbefore\n\n${START}\nold\n${END}\n\nafter\n`;
    expect(replaceBetweenMarkers(doc, 'new')).toBe(`# Title\n\nbefore\n\n${START}\nnew\n${END}\n\nafter\n`);
    expect(replaceBetweenMarkers('# Title\n', 'new')).toBe(`# Title\n\n${START}\nnew\n${END}\n`);
  });
});
