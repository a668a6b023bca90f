import { afterEach, describe, expect, it, vi } from 'vitest';

// lazyPage: the page's code and its namespaces load together, once, on preload or first render; a failed load
// is tried again.
describe('lazily loaded pages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  async function setup() {
    vi.stubGlobal('document', { cookie: '', documentElement: { lang: '' } });
    const requested: string[] = [];
    const i18n = await import('../../../src/i18n/index');
    i18n.configureI18n({
      basePath: '/locales',
      fetch: (async (url: string) => {
        requested.push(url);
        return new Response('{}', { status: 200 });
      }) as typeof fetch,
    });
    const { lazyPage, preloadRoute } = await import('../../../src/app/routes');
    return { lazyPage, preloadRoute, requested };
  }

  it('loads the code and the namespaces once however often it is preloaded', async () => {
    const { lazyPage, requested } = await setup();
    // biome-ignore lint/correctness/noComponentHookFactories: a stand-in page module for the loader
    const Page = () => null;
    const load = vi.fn(async () => ({ default: Page }));
    const page = lazyPage(load, ['students']);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([page.preload(), page.preload()]);
    expect(a).toEqual({ default: Page });
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
    expect(requested).toEqual(['/locales/uz/students.json']);
  });

  it('tries again after a failed load', async () => {
    const { lazyPage } = await setup();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: () => null });
    const page = lazyPage(load, []);
    await expect(page.preload()).rejects.toThrow('offline');
    await expect(page.preload()).resolves.toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preloads the page of a path with a query, and ignores unknown paths', async () => {
    const { preloadRoute, requested } = await setup();
    preloadRoute('/students/info?id=4');
    preloadRoute('/nope');
    await vi.waitFor(() => expect(requested).toContain('/locales/uz/student_detail.json'));
  });
});
