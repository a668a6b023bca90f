// Opening the simulated centre through the API: a branch of its own (so the demo centre never mixes in), its
// staff, rooms, a course, three groups with their lessons, two cash desks, the excused switch, two sales and the
// first students in their groups. Only the employees are written by the harness (as the other API tests do).
import { addDays } from '../../../server/domain/lessons/dates';
import type { TestApp } from '../harness';
import type { Centre, Group, Lesson, Student } from './model';
import type { Plan } from './plan';
import { text } from './money';

export type Tokens = { director: string; admin: string; accountant: string };

/** A call that must answer `status`; anything else fails the run with what was sent and answered. */
export async function must(t: TestApp, status: number, token: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await t.call(method, path, { token, body });
  if (res.status !== status) throw new Error(`${method} ${path} ${JSON.stringify(body ?? null)} answered ${res.status} (expected ${status}): ${res.text}`);
  return res.json;
}

let serial = 0;
const tag = () => `${process.pid % 10000}-${++serial}`;
const phone = () => `+99890${String((process.pid * 7919 + ++serial) % 10_000_000).padStart(7, '0')}`;

/** The first day of the month after `date`. */
export const nextMonth = (date: string) => addDays(`${date.slice(0, 7)}-28`, 7).slice(0, 7) + '-01';

async function employee(t: TestApp, role: Parameters<TestApp['addEmployee']>[0]['role'], branch: string) {
  const password = 'sim-pass-1';
  const p = phone();
  await t.addEmployee({ role, phone: p, password, fullName: `${role} ${p}`, filials: [branch] });
  return (await t.signIn(p, password)).access_token;
}

export async function newStudent(t: TestApp, c: Centre, admin: string): Promise<Student> {
  const name = `Sim Talaba ${tag()}`;
  const created = await must(t, 201, admin, 'POST', '/api/students/', { filial: c.filial, full_name: name, phone: phone() });
  const s: Student = { id: created.id, name, status: 'new', memberships: [], freezes: [], sales: [], vouchers: [], payments: [], booked: new Map() };
  c.students.push(s);
  return s;
}

/** Joins `s` to the group from `date` (POST /add-group/) and makes a new student active, as the office does. */
export async function join(t: TestApp, admin: string, s: Student, groupId: number, date: string) {
  await must(t, 201, admin, 'POST', '/api/add-group/', { student: s.id, group: groupId, joined_on: date });
  s.memberships.push({ group: groupId, joinedOn: date, leftOn: null });
  if (s.status === 'new') {
    await must(t, 200, admin, 'POST', `/api/api/v2/students/${s.id}/activate`, {});
    s.status = 'active';
  }
}

/** The group's lessons as the API lists them, with their place in the month. */
async function lessonsOf(t: TestApp, token: string, groupId: number, start: string): Promise<Lesson[]> {
  const list: { id: number; date: string; start_time: string; kind: string }[] = await must(t, 200, token, 'GET', `/api/lessons/no-pg/?group=${groupId}`);
  const regular = list.filter((l) => l.kind === 'regular').sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
  return regular.map((l) => {
    const month = regular.filter((o) => o.date.slice(0, 7) === l.date.slice(0, 7));
    return { id: l.id, group: groupId, date: l.date, start: l.start_time.slice(0, 5) || start, pos: month.indexOf(l) + 1, n: month.length, held: false, marks: new Map(), roster: null };
  });
}

export async function openCentre(t: TestApp, plan: Plan, first: string, last: string): Promise<{ centre: Centre; tokens: Tokens }> {
  const director = (await t.signInAs('DIRECTOR')).access_token;
  const branch = `Sim filial ${tag()}`;
  const filial = (await must(t, 201, director, 'POST', '/api/filial/', { name: branch })).id as number;
  const admin = await employee(t, 'ADMINISTRATOR', branch);
  const accountant = await employee(t, 'ACCOUNTING', branch);
  const teachers = [await employee(t, 'TEACHER', branch), await employee(t, 'TEACHER', branch)];
  const teacherIds: number[] = [];
  for (const token of teachers) teacherIds.push((await must(t, 200, token, 'GET', '/api/auth/me')).id);

  const [subject] = await must(t, 200, director, 'GET', '/api/subjects/no-pg/');
  const [level] = await must(t, 200, director, 'GET', `/api/subjects/level/no-pg/?subject=${subject.id}`);
  const course = await must(t, 201, director, 'POST', '/api/courses/', {
    filial, subject: subject.id, level: level.id, name: `Sim kurs ${tag()}`, price: '500000', lessons_per_month: 12, duration_months: 6,
  });

  const c: Centre = { filial, chargeExcused: plan.chargeExcused, groups: [], students: [], desks: [], sales: [], expenseKind: 0 };
  for (const [i, g] of plan.groups.entries()) {
    const room = await must(t, 201, director, 'POST', '/api/groups/room', { filial, name: `Sim xona ${tag()}`, room_type: 'classroom', capacity: 40 });
    const [h, m] = g.start.split(':').map(Number);
    const end = `${String(h + 1 + Math.floor((m + 30) / 60)).padStart(2, '0')}:${String((m + 30) % 60).padStart(2, '0')}`;
    const name = `Sim guruh ${tag()}`;
    const created = await must(t, 201, director, 'POST', '/api/groups/', {
      filial, name, course: course.id, teacher: teacherIds[i % 2], room: room.id, days: g.days,
      start_time: g.start, end_time: end, start_date: first, end_date: last, price: text(g.price * 100), status: 'active',
    });
    const group: Group = { id: created.id, name, price: g.price * 100, days: g.days, start: g.start, teacher: teachers[i % 2], lessons: [] };
    group.lessons = await lessonsOf(t, director, group.id, g.start);
    c.groups.push(group);
  }

  await must(t, 200, director, 'PATCH', '/api/finance/settings/', { filial, charge_excused: plan.chargeExcused });
  for (const name of ['Asosiy kassa', 'Bank']) {
    const desk = await must(t, 201, accountant, 'POST', '/api/finance/casher/', { name: `${name} ${tag()}`, filial });
    c.desks.push({ id: desk.id, name: desk.name, balance: { cash: 0, card: 0 } });
  }
  for (const s of plan.sales) {
    const value = s.kind === 'percent' ? String(s.value) : text(s.value * 100);
    const sale = await must(t, 201, accountant, 'POST', '/api/finance/sale/', { name: `Sim chegirma ${tag()}`, kind: s.kind, value });
    c.sales.push({ id: sale.id, kind: s.kind, value: s.kind === 'percent' ? s.value : s.value * 100 });
  }
  const kinds: { id: number; system_key: string | null; is_archived?: boolean }[] = await must(t, 200, accountant, 'GET', '/api/finance/kind/?action=expense');
  c.expenseKind = kinds.find((k) => k.system_key === null && !k.is_archived)!.id;

  for (const groupsOf of plan.students) {
    const s = await newStudent(t, c, admin);
    for (const g of groupsOf) await join(t, admin, s, c.groups[g].id, first);
  }
  return { centre: c, tokens: { director, admin, accountant } };
}
