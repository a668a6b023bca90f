import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { connectPasswordChange, passwordChangeMachine } from '../../../src/machines/passwordChange';
import { deferred } from '../support/fakes';

function start(change: (input: { userId: number; password: string }) => Promise<unknown>, input: Parameters<typeof createActor<typeof passwordChangeMachine>>[1] = { input: { currentUserId: () => 7 } }) {
  const spy = vi.fn(change);
  const actor = createActor(passwordChangeMachine.provide({ actors: { changePassword: fromPromise(({ input }) => spy(input)) } }), input).start();
  const toasts: unknown[] = [];
  actor.on('toast.show', (e) => toasts.push(e));
  return { actor, spy, toasts };
}

describe('password change machine', () => {
  it('opens for the signed-in user, saves, toasts success and closes', async () => {
    const answer = deferred<unknown>();
    const { actor, spy, toasts } = start(() => answer.promise);
    actor.send({ type: 'dialog.open' });
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    actor.send({ type: 'form.submit', new_password: 'new-secret' });
    expect(connectPasswordChange(actor.getSnapshot()).saving).toBe(true);
    expect(spy).toHaveBeenCalledWith({ userId: 7, password: 'new-secret' });
    actor.send({ type: 'dialog.close' }); // not while saving
    expect(connectPasswordChange(actor.getSnapshot()).dialogOpen).toBe(true);
    answer.resolve({});
    await waitFor(actor, (s) => s.matches('closed'));
    expect(toasts).toEqual([{ type: 'toast.show', severity: 'success', message: 'shell.password.saved' }]);
  });

  it('on failure toasts an error and stays open for another try', async () => {
    const { actor, toasts } = start(() => Promise.reject(new Error('400')));
    actor.send({ type: 'dialog.open', userId: 12 });
    actor.send({ type: 'form.submit', new_password: 'x' });
    await waitFor(actor, (s) => s.matches({ open: 'editing' }));
    expect(toasts).toEqual([{ type: 'toast.show', severity: 'error', message: 'shell.password.failed' }]);
    expect(actor.getSnapshot().context.userId).toBe(12);
  });

  it('closes from editing', () => {
    const { actor } = start(async () => ({}));
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('stays closed when nobody is signed in and no user is named', () => {
    const { actor } = start(async () => ({}), { input: {} });
    actor.send({ type: 'dialog.open' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('uses the messages it is given (employee edit page)', async () => {
    const { actor, toasts } = start(async () => ({}), { input: { messages: { saved: 'employees.saved', failed: 'employees.failed' } } });
    actor.send({ type: 'dialog.open', userId: 3 });
    actor.send({ type: 'form.submit', new_password: 'x' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(toasts).toEqual([{ type: 'toast.show', severity: 'success', message: 'employees.saved' }]);
  });
});
