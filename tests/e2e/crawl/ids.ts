// Real objects of the demo centre for the crawl's detail pages, found through the API as the director.
import { expect, request as requestFactory } from '@playwright/test';
import { E2E_PORT } from '../../../playwright.config';
import type { Account } from '../helpers';

export type CrawlIds = Record<'student' | 'lead' | 'order' | 'employee' | 'group' | 'cashier' | 'task' | 'test' | 'payment', number>;

type Page<T> = { results: T[] };
type Row = { id: number };

export async function findCrawlIds(account: Account): Promise<{ ids: CrawlIds; tokens: { access_token: string; refresh_token: string } }> {
  const api = await requestFactory.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  try {
    const signIn = await api.post('/api/auth/token', { data: account });
    expect(signIn.status()).toBe(200);
    const tokens = (await signIn.json()) as { access_token: string; refresh_token: string };
    const get = async <T>(path: string): Promise<T> => {
      const res = await api.get(path, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(res.status(), path).toBe(200);
      return (await res.json()) as T;
    };
    const first = <T extends Row>(rows: T[], what: string, pick: (row: T) => boolean = () => true): number => {
      const row = rows.find(pick);
      expect(row, `the demo data has ${what}`).toBeTruthy();
      return row!.id;
    };
    // A student of the first branch who is in a group, so the groups, payments and attendance tabs have rows.
    const students = await get<Page<Row & { groups: unknown[] }>>('/api/students/?list=active&page_size=30&filial=1');
    const ids: CrawlIds = {
      student: first(students.results, 'an active student in a group', (s) => s.groups.length > 0),
      lead: first((await get<Page<Row>>('/api/lid/?stage=YANGI_LEAD&page_size=1&filial=1')).results, 'a new lead'),
      order: first((await get<Page<Row>>('/api/lid/?stage=ORDER_CREATED&page_size=1&filial=1')).results, 'an order'),
      employee: first((await get<Page<Row & { role: string }>>('/api/api/employees/?page_size=30')).results, 'a teacher', (e) => e.role === 'TEACHER'),
      group: first(await get<Row[]>('/api/groups/no-pg/?filial=1'), 'a group'),
      cashier: first((await get<Page<Row>>('/api/finance/casher?page_size=1&filial=1')).results, 'a cashier'),
      task: first(await get<Row[]>('/api/tasks/no-pg/?scope=all'), 'a task'),
      test: first((await get<Page<Row>>('/api/tests/')).results, 'a placement test'),
      payment: first(
        (await get<Page<Row & { action: string; student: unknown; reverses: number | null }>>('/api/finance/?page_size=50&filial=1')).results,
        'a student payment',
        (e) => e.action === 'income' && e.student !== null && e.reverses === null,
      ),
    };
    return { ids, tokens };
  } finally {
    await api.dispose();
  }
}

/** The target's path with its `{name}` placeholders replaced by ids. */
export function withIds(path: string, ids: CrawlIds): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in ids)) throw new Error(`No crawl id "${name}" for ${path}`);
    return String(ids[name as keyof CrawlIds]);
  });
}
