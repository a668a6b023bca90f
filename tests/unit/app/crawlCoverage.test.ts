import { describe, expect, it } from 'vitest';
import { ROUTES, matchRoute } from '../../../src/app/routes';
import { CRAWL_TARGETS, routeOf } from '../../e2e/crawl/targets';

// The page crawl (tests/e2e/everyPage/, tests/e2e/crawl/crawlEveryPage.ts) checks translations and accessibility on the pages it opens: a route
// added to the app without a crawl target would go unchecked.
describe('the page crawl', () => {
  it('opens every route of the app', () => {
    const crawled = new Set(CRAWL_TARGETS.map((t) => matchRoute(routeOf(t))?.path));
    expect(ROUTES.map((r) => r.path).filter((p) => !crawled.has(p))).toEqual([]);
  });

  it('opens only paths that are routes, each once', () => {
    expect(CRAWL_TARGETS.filter((t) => matchRoute(routeOf(t))?.path !== routeOf(t)).map((t) => t.path)).toEqual([]);
    const paths = CRAWL_TARGETS.map((t) => t.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('opens the main routes on a phone too', () => {
    const phone = CRAWL_TARGETS.filter((t) => t.phone).map(routeOf);
    for (const main of ['/', '/leads', '/students', '/students/info', '/edu/groups', '/edu/schedule', '/monitoring', '/cashiers', '/tasks', '/employees']) expect(phone).toContain(main);
  });
});
