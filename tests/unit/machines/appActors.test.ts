import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { ACCESS_TOKEN_KEY, ACTIVE_TAB_KEY, LAST_VISITED_PATH_KEY, REFRESH_TOKEN_KEY, dateFilterStore } from '../../../src/lib/storage';
import { createAppActors, type AppActors } from '../../../src/machines/appActors';
import { connectAuthGate } from '../../../src/machines/authGate';
import { expiredToken, memoryStores, validToken } from '../support/fakes';

const me = { id: 7, role: 'DIRECTOR', full_name: 'Ali', phone: '+998901234567', photo: null, filial: [1], pages: [] };
const notes = [{ id: 1, comment: 'Call back', is_read: false, created_at: '2026-01-05T10:00:00+05:00' }];

describe('createAppActors', () => {
  let app: AppActors | null = null;
  let answers: Record<string, { status: number; body?: unknown }>;
  let calls: string[];

  beforeEach(() => {
    answers = {};
    calls = [];
    vi.stubGlobal('document', { cookie: '' });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      const path = url.replace(/\?.*$/, '');
      const answer = answers[path] ?? { status: 404, body: { detail: 'Not found' } };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
    });
  });
  afterEach(() => {
    app?.stop();
    app = null;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function create(tokens: { access?: string; refresh?: string }) {
    const stores = memoryStores();
    if (tokens.access) stores.local.setItem(ACCESS_TOKEN_KEY, tokens.access);
    if (tokens.refresh) stores.local.setItem(REFRESH_TOKEN_KEY, tokens.refresh);
    const navigate = vi.fn();
    const reload = vi.fn();
    app = createAppActors({ navigate, reload, storage: { local: stores.local, session: stores.session }, sidebarExpanded: false });
    return { ...stores, navigate, reload, app };
  }

  it('signs the user in through the gate, then polls their notifications through the session', async () => {
    answers['/api/auth/me/'] = { status: 200, body: me };
    answers['/api/notifications/no-pg/'] = { status: 200, body: notes };
    const { app } = create({ access: validToken(), refresh: validToken() });
    app.gate.send({ type: 'route.change', path: '/' });
    await waitFor(app.gate, (s) => s.matches('authorized'));
    await waitFor(app.notifications, (s) => s.context.items.length === 1);
    expect(calls).toContain('/api/notifications/no-pg/?user=7&is_read=false');
    expect(app.sidebar.getSnapshot().matches({ desktop: 'collapsed' })).toBe(true);
    expect(app.gate.system.get('authGate')).toBe(app.gate);
  });

  it('a refresh failure during the gate check sends the user to /login exactly once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answers['/api/auth/refresh/'] = { status: 401, body: { detail: 'revoked' } };
    const { app, navigate, local } = create({ access: expiredToken(), refresh: validToken() });
    app.gate.send({ type: 'route.change', path: '/cashiers' });
    await waitFor(app.gate, (s) => s.matches('unauthorized'));
    await new Promise((r) => setTimeout(r, 10));
    expect(navigate.mock.calls).toEqual([['/login']]);
    expect(local.entries()).toEqual({ [LAST_VISITED_PATH_KEY]: '/cashiers' });
  });

  it('a session lost behind a page request sends the user to /login', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answers['/api/auth/me/'] = { status: 200, body: me };
    answers['/api/notifications/no-pg/'] = { status: 401, body: { detail: 'expired' } };
    answers['/api/auth/refresh/'] = { status: 401, body: { detail: 'revoked' } };
    const { app, navigate } = create({ access: validToken(), refresh: validToken() });
    app.gate.send({ type: 'route.change', path: '/leads' });
    await waitFor(app.gate, (s) => s.matches('unauthorized'));
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('hands a successful sign-in to the gate, which stores the pair and goes back', async () => {
    const tokens = { access_token: validToken('a'), refresh_token: validToken('r') };
    answers['/api/auth/token'] = { status: 200, body: tokens };
    const { app, local, navigate } = create({});
    local.setItem(LAST_VISITED_PATH_KEY, '/tasks');
    app.gate.send({ type: 'route.change', path: '/login' });
    app.login.send({ type: 'login.submit', phone: '+998 90 123 45 67', password: 'secret' });
    await waitFor(app.login, (s) => s.matches('succeeded'));
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBe(tokens.access_token);
    expect(navigate).toHaveBeenCalledWith('/tasks');
  });

  it('routes toasts and me.refetch from the branch machine, and the user id to the password dialog', async () => {
    answers['/api/auth/me/'] = { status: 200, body: me };
    answers['/api/notifications/no-pg/'] = { status: 200, body: [] };
    const { app, reload } = create({ access: validToken(), refresh: validToken() });
    app.gate.send({ type: 'route.change', path: '/' });
    await waitFor(app.gate, (s) => s.matches({ authorized: 'idle' }));
    app.branch.send({ type: 'branch.options', options: [{ id: 1, name: 'A' }, { id: 2, name: 'B' }], userFilials: [1], role: 'DIRECTOR' });
    app.branch.send({ type: 'branch.choose', id: 2 });
    expect(app.toast.getSnapshot().context.toasts.map((t) => t.message)).toEqual(['shell.branch.changed']);
    expect(app.gate.getSnapshot().matches({ authorized: 'rechecking' })).toBe(true);
    expect(reload).toHaveBeenCalledWith({ back: false });
    app.passwordChange.send({ type: 'dialog.open' });
    expect(app.passwordChange.getSnapshot().context.userId).toBe(connectAuthGate(app.gate.getSnapshot()).me?.id);
  });

  it('on a new path closes the drawer, resets the date filter and forgets the remembered tab', async () => {
    answers['/api/auth/me/'] = { status: 200, body: me };
    answers['/api/notifications/no-pg/'] = { status: 200, body: [] };
    const { app, session } = create({ access: validToken(), refresh: validToken() });
    app.gate.send({ type: 'route.change', path: '/students' });
    await waitFor(app.gate, (s) => s.matches({ authorized: 'idle' }));
    session.setItem(ACTIVE_TAB_KEY, 'payments');
    dateFilterStore.set({ start_date: '2026-01-01' });
    app.sidebar.send({ type: 'drawer.open' });
    app.gate.send({ type: 'route.change', path: '/students?page=2' });
    expect(app.sidebar.getSnapshot().matches({ drawer: 'closed' })).toBe(true);
    expect(session.getItem(ACTIVE_TAB_KEY)).toBe('payments');
    app.gate.send({ type: 'route.change', path: '/leads' });
    expect(session.getItem(ACTIVE_TAB_KEY)).toBeNull();
    expect(dateFilterStore.get()).toEqual({ start_date: null, end_date: null });
  });

  it('forgets the user in notifications on logout', async () => {
    answers['/api/auth/me/'] = { status: 200, body: me };
    answers['/api/notifications/no-pg/'] = { status: 200, body: notes };
    answers['/api/auth/logout/'] = { status: 204 };
    const { app } = create({ access: validToken(), refresh: validToken() });
    app.gate.send({ type: 'route.change', path: '/' });
    await waitFor(app.notifications, (s) => s.context.items.length === 1);
    app.gate.send({ type: 'session.logout' });
    expect(app.notifications.getSnapshot().value).toBe('idle');
    expect(app.notifications.getSnapshot().context.items).toEqual([]);
  });
});
