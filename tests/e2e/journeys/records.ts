// Records a journey owns. The e2e specs run with two workers against one demo database, so a journey never picks
// a demo student or desk that another spec may change: it makes its own (unique names and phones) through the API
// and compares what it sees with values it read just before.
import { expect, type APIRequestContext } from '@playwright/test';
import { isoWeekday } from '../../../contract/centreDay';
import { DEMO, addDays, apiSignIn, centreToday, type Account } from '../helpers';

export const CALL_OPERATOR: Account = { phone: '+998900000002', password: 'call_operator' };

export type Headers = { Authorization: string };
export type Group = {
  id: number;
  name: string;
  filial: number;
  days: number[];
  start_date: string;
  end_date: string;
  start_time: string;
  status: string;
  is_secondary: boolean;
  students_count: number;
  room: { id: number };
  teacher: { id: number };
  assistant: { id: number } | null;
  course: { id: number };
};

export const suffix = () => Math.random().toString(36).slice(2, 8);
/** Nine local digits no demo record uses: 95 and seven random digits. */
export const randomLocalPhone = () => `95${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
export { isoWeekday };
/** 26.11.2026, as the Uzbek pages show a day. */
export const dotted = (day: string) => day.split('-').reverse().join('.');

export async function headersOf(request: APIRequestContext, account: Account): Promise<Headers> {
  return { Authorization: `Bearer ${(await apiSignIn(request, account)).access_token}` };
}

export async function getJson<T>(request: APIRequestContext, headers: Headers, path: string, params?: Record<string, string | number>): Promise<T> {
  const res = await request.get(`/api${path}`, { headers, params });
  expect(res.status(), `GET ${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

export async function postJson<T>(request: APIRequestContext, headers: Headers, path: string, data: unknown, status = 201): Promise<T> {
  const res = await request.post(`/api${path}`, { headers, data });
  expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

export async function chilonzor(request: APIRequestContext, headers: Headers): Promise<number> {
  const filials = await getJson<{ id: number; name: string }[]>(request, headers, '/filial/no-pg/');
  const found = filials.find((f) => f.name === 'Chilonzor');
  expect(found, 'the demo branch Chilonzor').toBeDefined();
  return found!.id;
}

export async function meOf(request: APIRequestContext, account: Account) {
  return getJson<{ id: number; full_name: string; filial: number[] }>(request, await headersOf(request, account), '/auth/me');
}

/**
 * A running main group of `filial` that meets on the centre's today, with two free seats, away from the demo
 * teacher's groups (the teacher's journey marks their registers). On a day no such group meets, the director opens
 * one for today's weekday late in the evening.
 */
export async function groupMeetingToday(request: APIRequestContext, filial: number): Promise<Group> {
  const director = await headersOf(request, DEMO.director);
  const today = centreToday();
  const teacher = await meOf(request, DEMO.teacher);
  const rooms = await getJson<{ id: number; capacity: number }[]>(request, director, '/groups/room/no-pg/', { filial });
  const seats = new Map(rooms.map((r) => [r.id, r.capacity]));
  const groups = await getJson<Group[]>(request, director, '/groups/no-pg/', { filial });
  const found = groups.find(
    (g) =>
      !g.is_secondary &&
      g.status === 'active' &&
      g.days.includes(isoWeekday(today)) &&
      g.start_date <= today &&
      g.end_date >= today &&
      g.teacher.id !== teacher.id &&
      g.assistant?.id !== teacher.id &&
      g.students_count + 2 <= (seats.get(g.room.id) ?? 0),
  );
  if (found) return found;
  const model = groups.find((g) => !g.is_secondary && g.teacher.id !== teacher.id)!;
  return postJson<Group>(request, director, '/groups/', {
    filial,
    name: `E2E ${suffix()}`,
    course: model.course.id,
    teacher: model.teacher.id,
    room: model.room.id,
    days: [isoWeekday(today)],
    start_time: '21:00',
    end_time: '22:30',
    start_date: today,
    end_date: addDays(today, 60),
  });
}

/** A cash desk of this run in `filial`, opened by the director (so every desk a journey uses is its own). */
export async function ownDesk(request: APIRequestContext, filial: number, name: string) {
  return postJson<{ id: number; name: string }>(request, await headersOf(request, DEMO.director), '/finance/casher/', { name, filial });
}

/** A new student of this run in `filial`, in `group` from `joinedOn`. */
export async function ownStudent(request: APIRequestContext, headers: Headers, filial: number, name: string, group?: { id: number; joinedOn: string }) {
  const student = await postJson<{ id: number; full_name: string }>(request, headers, '/students/', {
    filial,
    full_name: name,
    phone: `+998${randomLocalPhone()}`,
    status: 'new',
  });
  if (group) {
    const joined = await request.post('/api/add-group/', { headers, data: { student: student.id, group: group.id, joined_on: group.joinedOn } });
    expect([200, 201], await joined.text()).toContain(joined.status());
  }
  return student;
}
