// Tasks over the API (issue 6): create with notifications, lists (overdue first, mine / created), an employee's
// tasks, status moves and who may make them, the overdue reminder once, bad input 400, foreign branch 404, page 403.
// Mentions in comments notify the mentioned employees with a link.
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notification } from '../../contract/notifications';
import { task, taskPage, type Task } from '../../contract/tasks';
import { employeePages, leads, notifications, tasks } from '../../server/db/schema';
import { remindOverdueTasks } from '../../server/jobs/taskReminders';
import { eduFixture } from './eduFixtures';
import { backends, testClock, useTestApp } from './harness';

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
/** The same instant written with Tashkent's offset. */
const withOffset = (iso: string) => new Date(Date.parse(iso) + 5 * 3_600_000).toISOString().replace('Z', '+05:00').replace('.000', '');

describe.each(backends())('tasks on %s', (backend) => {
  // The real locales: notification texts are composed from locales/uz/tasks.json.
  const t = useTestApp(backend, { LOCALES_DIR: fileURLToPath(new URL('../../locales', import.meta.url)) });
  const f = eduFixture(t);

  async function notesOf(userId: number) {
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, userId));
    return rows;
  }

  async function create(token: string, body: Record<string, unknown>) {
    return t.call('POST', '/api/tasks/', { token, body });
  }

  it('creates a task for a performer of the branch, notifies them with a link, audits', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const boss = await f.employee('FILIAL_Manager');
    const admin = await f.employee('ADMINISTRATOR');
    const due = withOffset(inMinutes(90));
    const res = await create(boss.token, { title: '  Call the parents  ', performer: admin.id, due_at: due, filial: chilonzor });
    expect(res.status).toBe(201);
    const created = task.strict().parse(res.json);
    expect(created).toMatchObject({
      title: 'Call the parents',
      description: '',
      status: 'new',
      performer: { id: admin.id },
      creator: { id: boss.id },
      filial: chilonzor,
      overdue: false,
      done_at: null,
      lead: null,
      student: null,
    });
    expect(Date.parse(created.due_at)).toBe(Date.parse(due));
    const notes = await notesOf(admin.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ link: `/tasks?id=${created.id}`, filialId: chilonzor, isRead: false });
    expect(notes[0].comment).toContain('Call the parents');
    // The bell's list returns the link.
    const bell = await t.call('GET', '/api/notifications/no-pg/?is_read=false', { token: admin.token });
    expect(notification.strict().array().parse(bell.json)[0]).toMatchObject({ link: `/tasks?id=${created.id}` });
    expect(await t.lastAudit('task.create', created.id)).toMatchObject({ actorId: boss.id, filialId: chilonzor });
    // The creator is not notified.
    expect(await notesOf(boss.id)).toHaveLength(0);
  });

  it('tells the performer of a new due time set by someone else, in the bell, and not of their own change', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const boss = await f.employee('FILIAL_Manager');
    const admin = await f.employee('ADMINISTRATOR');
    const created = (await create(boss.token, { title: 'Rescheduled call', performer: admin.id, due_at: withOffset(inMinutes(90)), filial: chilonzor })).json;
    const later = withOffset(inMinutes(24 * 60));
    expect((await t.call('PATCH', `/api/tasks/${created.id}`, { token: boss.token, body: { due_at: later } })).status).toBe(200);
    const notes = (await notesOf(admin.id)).sort((a, b) => a.id - b.id);
    expect(notes).toHaveLength(2);
    const [day, time] = new Date(Date.parse(later) + 5 * 3_600_000).toISOString().slice(0, 16).split('T');
    expect(notes[1].comment).toBe(`Vazifa muddati o‘zgardi: Rescheduled call (yangi muddat: ${day.split('-').reverse().join('.')} ${time})`);
    expect(notes[1]).toMatchObject({ link: `/tasks?id=${created.id}`, isRead: false });
    // The same due time again, or the performer's own change: no new line.
    await t.call('PATCH', `/api/tasks/${created.id}`, { token: boss.token, body: { due_at: later } });
    await t.call('PATCH', `/api/tasks/${created.id}`, { token: admin.token, body: { due_at: withOffset(inMinutes(48 * 60)) } });
    expect(await notesOf(admin.id)).toHaveLength(2);
    expect(await notesOf(boss.id)).toHaveLength(0);
  });

  it('links a student or lead of the branch; another branch is 400, outside the scope 404', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const samarqand = await f.filial('Samarqand');
    const yunusobod = await f.filial('Yunusobod');
    const { access_token: director } = await t.signInAs('DIRECTOR');
    const boss = await f.employee('FILIAL_Manager');
    const admin = await f.employee('ADMINISTRATOR');
    const student = await f.student(chilonzor);
    const foreign = await f.student(samarqand);
    const [lead] = await t.db.select({ id: leads.id }).from(leads).where(eq(leads.filialId, chilonzor)).limit(1);
    const base = { title: 'Linked', performer: admin.id, due_at: inMinutes(60), filial: chilonzor };
    const ok = await create(boss.token, { ...base, student: student.id, lead: lead.id });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ student: { id: student.id }, lead: { id: lead.id } });
    // The manager works in Chilonzor only: a Samarqand student is unknown to them.
    expect((await create(boss.token, { ...base, student: foreign.id })).status).toBe(404);
    // The director sees it, but it is of another branch.
    const other = await create(director, { ...base, student: foreign.id });
    expect(other.status).toBe(400);
    expect(other.json).toHaveProperty('student');
    // A branch outside the manager's scope: 404; a performer not in the branch: 400.
    expect((await create(boss.token, { ...base, filial: samarqand })).status).toBe(404);
    const yAdmin = await f.employee('ADMINISTRATOR', 'Yunusobod');
    const wrong = await create(boss.token, { ...base, performer: yAdmin.id });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toHaveProperty('performer');
    expect((await create(director, { ...base, filial: yunusobod })).status).toBe(400);
  });

  it('answers 400 per field for bad input and a due time in the past', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const boss = await f.employee('FILIAL_Manager');
    const admin = await f.employee('ADMINISTRATOR');
    const empty = await create(boss.token, {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.json).sort()).toEqual(['due_at', 'filial', 'performer', 'title']);
    const bad = await create(boss.token, { title: ' ', performer: 'x', due_at: '2026-01-05 14:00', filial: chilonzor });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['due_at', 'performer', 'title']);
    // A due time without an offset is refused too.
    expect((await create(boss.token, { title: 'T', performer: admin.id, due_at: '2099-01-05T14:00:00', filial: chilonzor })).status).toBe(400);
    const past = await create(boss.token, { title: 'Late', performer: admin.id, due_at: inMinutes(-10), filial: chilonzor });
    expect(past.status).toBe(400);
    expect(past.json).toHaveProperty('due_at');
    // Four minutes ago is within the grace.
    expect((await create(boss.token, { title: 'Just now', performer: admin.id, due_at: inMinutes(-4), filial: chilonzor })).status).toBe(201);
    // An archived performer is refused.
    const gone = await f.employee('TEACHER');
    await t.db.execute(`update employees set is_archived = true where id = ${gone.id}` as never);
    const archived = await create(boss.token, { title: 'T', performer: gone.id, due_at: inMinutes(30), filial: chilonzor });
    expect(archived.status).toBe(400);
    expect(archived.json).toHaveProperty('performer');
  });

  it('lists mine and created by me, overdue first, then by due time; filters by status and performer', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const boss = await f.employee('FILIAL_Manager');
    const admin = await f.employee('ADMINISTRATOR');
    const later = (await create(boss.token, { title: 'Later', performer: admin.id, due_at: inMinutes(300), filial: chilonzor })).json as Task;
    const sooner = (await create(boss.token, { title: 'Sooner', performer: admin.id, due_at: inMinutes(30), filial: chilonzor })).json as Task;
    const late = (await create(boss.token, { title: 'Late', performer: admin.id, due_at: inMinutes(-3), filial: chilonzor })).json as Task;
    const own = (await create(admin.token, { title: 'Own', performer: boss.id, due_at: inMinutes(60), filial: chilonzor })).json as Task;

    const mine = await t.call('GET', `/api/tasks/no-pg/?filial=${chilonzor}&scope=mine`, { token: admin.token });
    expect(mine.status).toBe(200);
    const list = task.strict().array().parse(mine.json);
    expect(list.map((x) => x.id)).toEqual([late.id, sooner.id, later.id]);
    expect(list[0].overdue).toBe(true);
    const created = await t.call('GET', '/api/tasks/no-pg/?scope=created', { token: admin.token });
    expect(created.json.map((x: Task) => x.id)).toEqual([own.id]);
    const ours = await t.call('GET', '/api/tasks/no-pg/?scope=all', { token: admin.token });
    expect(ours.json.map((x: Task) => x.id).sort()).toEqual([late.id, sooner.id, later.id, own.id].sort());
    // A manager without a scope sees every task of the branch; with a performer filter only theirs.
    const byPerformer = await t.call('GET', `/api/tasks/no-pg/?filial=${chilonzor}&performer=${boss.id}`, { token: boss.token });
    expect(byPerformer.json.map((x: Task) => x.id)).toEqual([own.id]);
    const done = await t.call('GET', '/api/tasks/no-pg/?scope=mine&status=done', { token: admin.token });
    expect(done.json).toEqual([]);
    expect((await t.call('GET', '/api/tasks/no-pg/?scope=everyone', { token: admin.token })).status).toBe(400);
    expect((await t.call('GET', '/api/tasks/no-pg/?status=open', { token: admin.token })).status).toBe(400);

    // An employee's tasks, paged: as performer or creator.
    const page = await t.call('GET', `/api/tasks/all/${admin.id}/?page_size=2`, { token: boss.token });
    expect(page.status).toBe(200);
    const parsed = taskPage.strict().parse(page.json);
    expect(parsed.count).toBe(4);
    expect(parsed.results.map((x) => x.id)).toEqual([late.id, sooner.id]);
    expect(parsed.next).toContain('page=2');
    // The task itself.
    expect((await t.call('GET', `/api/tasks/${sooner.id}/`, { token: admin.token })).json).toMatchObject({ id: sooner.id, title: 'Sooner' });
  });

  it('moves new → in_progress → done (done_at set), cancels, refuses other moves; only creator, performer or manager', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const boss = await f.employee('ADMINISTRATOR');
    const admin = await f.employee('ADMINISTRATOR');
    const stranger = await f.employee('TEACHER');
    const manager = await f.employee('FILIAL_Manager');
    const { id } = (await create(boss.token, { title: 'Move me', performer: admin.id, due_at: inMinutes(60), filial: chilonzor })).json as Task;
    const patch = (token: string, body: unknown) => t.call('PATCH', `/api/tasks/${id}/`, { token, body });

    // A teacher does not even see a task they neither gave nor received; other staff of the branch see it but may not move it.
    expect((await patch(stranger.token, { status: 'in_progress' })).status).toBe(404);
    expect((await patch((await f.employee('SERVICE_SALES')).token, { status: 'in_progress' })).status).toBe(403);
    const skip = await patch(admin.token, { status: 'done' });
    expect(skip.status).toBe(400);
    expect(skip.json).toHaveProperty('status');
    expect((await patch(admin.token, { status: 'in_progress' })).json).toMatchObject({ status: 'in_progress', done_at: null });
    const done = await patch(admin.token, { status: 'done' });
    expect(done.status).toBe(200);
    expect(done.json.done_at).not.toBeNull();
    expect(await t.lastAudit('task.done', id)).toMatchObject({ actorId: admin.id });
    expect((await patch(admin.token, { status: 'cancelled' })).status).toBe(400);

    const second = (await create(boss.token, { title: 'Cancel me', performer: admin.id, due_at: inMinutes(60), filial: chilonzor })).json as Task;
    const cancelled = await t.call('PUT', `/api/tasks/${second.id}/`, { token: manager.token, body: { status: 'cancelled' } });
    expect(cancelled.json).toMatchObject({ status: 'cancelled' });
    expect((await t.call('PUT', `/api/tasks/${second.id}/`, { token: boss.token, body: { status: 'bogus' } })).status).toBe(400);

    // Reassigning notifies the new performer.
    const third = (await create(boss.token, { title: 'Pass on', performer: admin.id, due_at: inMinutes(60), filial: chilonzor })).json as Task;
    const other = await f.employee('SERVICE_SALES');
    const moved = await t.call('PATCH', `/api/tasks/${third.id}/`, { token: boss.token, body: { performer: other.id, title: 'Passed on' } });
    expect(moved.json).toMatchObject({ performer: { id: other.id }, title: 'Passed on' });
    expect((await notesOf(other.id)).map((n) => n.link)).toEqual([`/tasks?id=${third.id}`]);
  });

  it('answers 404 for a task of another branch and 403 without the tasks page', async () => {
    const yunusobod = await f.filial('Yunusobod');
    const { access_token: director } = await t.signInAs('DIRECTOR');
    const yAdmin = await f.employee('ADMINISTRATOR', 'Yunusobod');
    const foreign = (await create(director, { title: 'Yunusobod', performer: yAdmin.id, due_at: inMinutes(60), filial: yunusobod })).json as Task;
    const admin = await f.employee('ADMINISTRATOR');
    expect((await t.call('GET', `/api/tasks/${foreign.id}/`, { token: admin.token })).status).toBe(404);
    expect((await t.call('PATCH', `/api/tasks/${foreign.id}/`, { token: admin.token, body: { status: 'cancelled' } })).status).toBe(404);
    expect((await t.call('GET', `/api/tasks/no-pg/?filial=${yunusobod}`, { token: admin.token })).status).toBe(404);
    expect((await t.call('GET', `/api/tasks/all/${yAdmin.id}/`, { token: admin.token })).status).toBe(404);
    expect((await t.call('GET', '/api/tasks/987654/', { token: admin.token })).status).toBe(404);

    const blocked = await f.employee('TEACHER');
    await t.db.update(employeePages).set({ isReadable: false }).where(and(eq(employeePages.employeeId, blocked.id), eq(employeePages.page, 'tasks')));
    const again = await t.signIn((await t.db.query.employees.findFirst({ where: (e, { eq: is }) => is(e.id, blocked.id) }))!.phone, 'pw-teacher-1');
    const res = await t.call('GET', '/api/tasks/no-pg/', { token: again.access_token });
    expect(res.status).toBe(403);
    expect((await t.call('POST', '/api/tasks/', { token: again.access_token, body: {} })).status).toBe(403);
  });

  it('reminds the performer once when a task becomes overdue, and again only after a new due time passes', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const boss = await f.employee('FILIAL_Manager');
    const admin = await f.employee('ADMINISTRATOR');
    const { id } = (await create(boss.token, { title: 'Overdue soon', performer: admin.id, due_at: inMinutes(10), filial: chilonzor })).json as Task;
    const closed = (await create(boss.token, { title: 'Done in time', performer: admin.id, due_at: inMinutes(10), filial: chilonzor })).json as Task;
    await t.call('PATCH', `/api/tasks/${closed.id}/`, { token: admin.token, body: { status: 'cancelled' } });
    const overdueNotes = async () => (await notesOf(admin.id)).filter((n) => n.comment.includes('muddati o‘tdi'));

    expect(await remindOverdueTasks(t.db, t.config.localesDir, new Date())).not.toContain(id);
    const inAnHour = new Date(Date.now() + 60 * 60_000);
    expect(await remindOverdueTasks(t.db, t.config.localesDir, inAnHour)).toContain(id);
    expect(await remindOverdueTasks(t.db, t.config.localesDir, inAnHour)).not.toContain(id);
    const notes = await overdueNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ link: `/tasks?id=${id}` });
    expect(notes[0].comment).toContain('Overdue soon');
    const [row] = await t.db.select({ at: tasks.overdueNotifiedAt }).from(tasks).where(eq(tasks.id, closed.id));
    expect(row.at).toBeNull();

    // A new due time resets the reminder.
    await t.call('PATCH', `/api/tasks/${id}/`, { token: boss.token, body: { due_at: inMinutes(90) } });
    const later = new Date(Date.now() + 120 * 60_000);
    expect(await remindOverdueTasks(t.db, t.config.localesDir, later)).toContain(id);
    expect(await overdueNotes()).toHaveLength(2);
  });

  it('mentions in comments notify the mentioned employees with a link to the object', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const boss = await f.employee('FILIAL_Manager');
    const admin = await f.employee('ADMINISTRATOR');
    const sales = await f.employee('SERVICE_SALES');
    const yAdmin = await f.employee('ADMINISTRATOR', 'Yunusobod');
    const student = await f.student(chilonzor);
    const [lead] = await t.db.select({ id: leads.id }).from(leads).where(eq(leads.filialId, chilonzor)).limit(1);

    const res = await t.call('POST', '/api/comments/', { token: boss.token, body: { student: student.id, text: 'Please call', mentions: [admin.id, admin.id, boss.id] } });
    expect(res.status).toBe(201);
    const notes = await notesOf(admin.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ link: `/students/info?id=${student.id}&tab=comments`, filialId: chilonzor });
    expect(notes[0].comment).toContain('Please call');
    expect(await notesOf(boss.id)).toHaveLength(0);

    const onLead = await t.call('POST', '/api/comments/', { token: boss.token, body: { lead: lead.id, text: 'Lead note', mentions: [sales.id] } });
    expect(onLead.status).toBe(201);
    expect((await notesOf(sales.id)).map((n) => n.link)).toEqual([`/leads/lead_info?id=${lead.id}`]);

    const onStaff = await t.call('POST', '/api/comments/stuff/', { token: boss.token, body: { employee: admin.id, text: 'Staff note', mentions: [sales.id] } });
    expect(onStaff.status).toBe(201);
    expect((await notesOf(sales.id)).map((n) => n.link)).toContain(`/employees/info?id=${admin.id}`);

    // Someone of another branch cannot be mentioned; nothing is saved then.
    const foreign = await t.call('POST', '/api/comments/', { token: boss.token, body: { student: student.id, text: 'Nope', mentions: [yAdmin.id] } });
    expect(foreign.status).toBe(400);
    expect(foreign.json).toHaveProperty('mentions');
    expect(await notesOf(yAdmin.id)).toHaveLength(0);
    const bad = await t.call('POST', '/api/comments/', { token: boss.token, body: { student: student.id, text: 'Bad', mentions: ['x'] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json)[0]).toMatch(/^mentions/);
  });
});

describe.each(backends())('tasks on the app clock, on %s', (backend) => {
  const clock = testClock('2027-03-01T10:00:00+05:00');
  const t = useTestApp(backend, { clock, env: { LOCALES_DIR: fileURLToPath(new URL('../../locales', import.meta.url)) } });
  const f = eduFixture(t);

  it('is overdue, and listed first, once the app clock passes its due time (not the database server clock)', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const boss = await f.employee('FILIAL_Manager');
    const admin = await f.employee('ADMINISTRATOR');
    const soon = (await t.call('POST', '/api/tasks/', { token: boss.token, body: { title: 'Due at half past eleven', performer: admin.id, due_at: '2027-03-01T11:30:00+05:00', filial: chilonzor } })).json;
    const later = (await t.call('POST', '/api/tasks/', { token: boss.token, body: { title: 'Due tomorrow', performer: admin.id, due_at: '2027-03-02T09:00:00+05:00', filial: chilonzor } })).json;
    expect(soon.overdue).toBe(false);
    const mine = async () => task.array().parse((await t.call('GET', '/api/tasks/no-pg/?scope=mine', { token: admin.token })).json).filter((x) => [soon.id, later.id].includes(x.id));
    expect((await mine()).map((x) => [x.id, x.overdue])).toEqual([[soon.id, false], [later.id, false]]);
    clock.set('2027-03-01T12:00:00+05:00');
    expect((await mine()).map((x) => [x.id, x.overdue])).toEqual([[soon.id, true], [later.id, false]]);
    expect((await t.call('GET', `/api/tasks/${soon.id}`, { token: admin.token })).json.overdue).toBe(true);
  });
});
