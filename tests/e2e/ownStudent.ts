// A student of the spec's own in a demo group: specs run two at a time on one demo database, so a spec that
// compares balances before and after must not pick a demo student another spec may be paying, freezing or moving.
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO, apiSignIn, centreToday } from './helpers';

type Group = { id: number; name: string; teacher: { id: number }; is_secondary: boolean };

/** The 1st of last month: a join date whose held lessons the demo already has. */
export function lastMonthStart(today = centreToday()): string {
  const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() - 1);
  return first.toISOString().slice(0, 10);
}

/** A new Chilonzor student in one demo group since the 1st of last month (so with charges, in debt). */
export async function ownStudentInDebt(request: APIRequestContext, name: string) {
  const { access_token } = await apiSignIn(request, DEMO.director);
  const headers = { Authorization: `Bearer ${access_token}` };
  const filials = (await (await request.get('/api/filial/no-pg/', { headers })).json()) as { id: number; name: string }[];
  const filial = filials.find((f) => f.name === 'Chilonzor')!.id;
  const teacher = await apiSignIn(request, DEMO.teacher);
  const demoTeacher = ((await (await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${teacher.access_token}` } })).json()) as { id: number }).id;
  // Other specs count the demo teacher's rosters: stay out of those groups.
  const groups = ((await (await request.get('/api/groups/no-pg/', { headers, params: { filial } })).json()) as Group[]).filter(
    (g) => !g.is_secondary && g.teacher.id !== demoTeacher,
  );
  const phone = `+99893${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const created = await request.post('/api/students/', { headers, data: { filial, full_name: name, phone, status: 'new' } });
  expect(created.status()).toBe(201);
  const student = (await created.json()) as { id: number; full_name: string };
  for (const g of groups) {
    const joined = await request.post('/api/add-group/', { headers, data: { student: student.id, group: g.id, joined_on: lastMonthStart() } });
    if (joined.status() !== 201 && joined.status() !== 200) continue;
    const balance = ((await (await request.get(`/api/students/${student.id}/balances/`, { headers })).json()) as { total: string }).total;
    expect(Number(balance), 'the demo group held lessons since the 1st of last month').toBeLessThan(0);
    return { student, group: g, balance, headers, filial };
  }
  throw new Error('no demo group the student could join');
}
