// What the model walks set up through the API: a signed-in page with a token pair of its own (no login form), and
// records no other spec touches (specs run two at a time on one demo database).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { isoWeekday } from '../../../contract/centreDay';
import { DEMO, addDays, apiSignIn, centreToday, seedTokens, type Account } from '../helpers';
import { suffix, type Group } from '../journeys/records';

export type { Group } from '../journeys/records';
export { centreToday, suffix };

/** A phone no demo record uses: +998 95 and seven random digits. */
export const randomPhone = () => `+99895${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** An API session of `account`: its bearer headers, its branch. */
export async function apiSession(request: APIRequestContext, account: Account) {
  const tokens = await apiSignIn(request, account);
  const headers = { Authorization: `Bearer ${tokens.access_token}` };
  const me = (await (await request.get('/api/auth/me', { headers })).json()) as { id: number; filial: number[] };
  return { tokens, headers, me, filial: me.filial[0] };
}

/** The first load of the app in a path (the page's code, the user check, the data) may take long on a busy machine. */
export const FIRST_LOAD = { timeout: 30_000 };

/** Opens `path` signed in with a session of the path's own (its token pair seeded in storage, no login form). */
export async function openSignedIn(page: Page, tokens: { access_token: string; refresh_token: string }, path: string) {
  await seedTokens(page, tokens);
  await page.goto(path);
}

/**
 * `count` new main groups of `filial` of the path's suite that meet on the centre's today (a join needs a first
 * lesson that has come), late in the evening where demo groups do not meet, in the first free room and slot. Own
 * groups: joining them changes no roster another spec counts, and their seats do not run out.
 */
export async function ownGroupsMeetingToday(request: APIRequestContext, filial: number, count: number): Promise<Group[]> {
  const director = (await apiSession(request, DEMO.director)).headers;
  const today = centreToday();
  const rooms = ((await (await request.get('/api/groups/room/no-pg/', { headers: director, params: { filial } })).json()) as { id: number; capacity: number }[]).sort(
    (a, b) => b.capacity - a.capacity,
  );
  const groups = (await (await request.get('/api/groups/no-pg/', { headers: director, params: { filial } })).json()) as Group[];
  const model = groups.find((g) => !g.is_secondary)!;
  const teachers = [...new Set(groups.map((g) => g.teacher.id))];
  const found: Group[] = [];
  // Hour-long slots from the last of the day back to the evening; each try the next room and the next teacher.
  const slots = Array.from({ length: 8 }, (_, i) => 22.5 - i / 2).map((h) => [h, h + 1].map((x) => `${String(Math.floor(x)).padStart(2, '0')}:${x % 1 ? '30' : '00'}`));
  let attempt = 0;
  for (const [start, end] of slots) {
    for (const room of rooms) {
      attempt += 1;
      if (found.length >= count) return found;
      const res = await request.post('/api/groups/', {
        headers: director,
        data: {
          filial,
          name: `E2E model ${suffix()}`,
          course: model.course.id,
          teacher: teachers[attempt % teachers.length],
          room: room.id,
          days: [isoWeekday(today)],
          start_time: start,
          end_time: end,
          start_date: today,
          end_date: addDays(today, 60),
        },
      });
      if (res.status() === 201) found.push((await res.json()) as Group);
      else expect(res.status(), await res.text()).toBe(409); // a busy room or teacher: the next one
    }
  }
  expect(found.length, 'groups meeting today').toBe(count);
  return found;
}
