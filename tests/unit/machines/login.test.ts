import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../src/api/errors';
import { classifyLoginError, connectLogin, loginMachine } from '../../../src/machines/login';
import { deferred } from '../support/fakes';

const tokens = { access_token: 'a', refresh_token: 'r' };

function start(signIn: (input: { phone: string; password: string }) => Promise<typeof tokens>) {
  const spy = vi.fn(signIn);
  const actor = createActor(loginMachine.provide({ actors: { signIn: fromPromise(({ input }) => spy(input)) } })).start();
  const succeeded = vi.fn();
  actor.on('login.succeeded', succeeded);
  return { actor, spy, succeeded };
}

describe('classifyLoginError', () => {
  it('maps statuses to what the form says', () => {
    expect(classifyLoginError(new ApiError(401, 'Invalid phone or password'))).toEqual({ kind: 'invalid' });
    expect(classifyLoginError(new ApiError(429, 'Too many', undefined, 42))).toEqual({ kind: 'throttled', retryAfter: 42 });
    expect(classifyLoginError(new ApiError(400, undefined, { phone: ['validation.phone'] }))).toEqual({
      kind: 'validation',
      fields: { phone: ['validation.phone'] },
    });
    expect(classifyLoginError(new ApiError(400, 'Malformed'))).toEqual({ kind: 'invalid' });
    expect(classifyLoginError(new ApiError(0))).toEqual({ kind: 'network' });
    expect(classifyLoginError(new ApiError(502))).toEqual({ kind: 'network' });
    expect(classifyLoginError(new Error('zod'))).toEqual({ kind: 'network' });
  });
});

describe('login machine', () => {
  it('submits, then hands the tokens on', async () => {
    const answer = deferred<typeof tokens>();
    const { actor, spy, succeeded } = start(() => answer.promise);
    actor.send({ type: 'login.submit', phone: '+998 90 123 45 67', password: 'secret' });
    expect(connectLogin(actor.getSnapshot()).submitting).toBe(true);
    expect(spy).toHaveBeenCalledWith({ phone: '+998 90 123 45 67', password: 'secret' });
    answer.resolve(tokens);
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(succeeded).toHaveBeenCalledWith({ type: 'login.succeeded', tokens });
  });

  it('goes back to idle with the reason on failure, and clears it on the next try', async () => {
    const { actor } = start(() => Promise.reject(new ApiError(429, 'wait', undefined, 30)));
    actor.send({ type: 'login.submit', phone: '+998901234567', password: 'x' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(connectLogin(actor.getSnapshot()).loginError).toEqual({ kind: 'throttled', retryAfter: 30 });
    actor.send({ type: 'login.submit', phone: '+998901234567', password: 'x' });
    expect(connectLogin(actor.getSnapshot()).loginError).toBeNull();
  });

  it('can sign in again after a later logout', async () => {
    const { actor, succeeded } = start(async () => tokens);
    actor.send({ type: 'login.submit', phone: 'p', password: 'x' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    actor.send({ type: 'login.submit', phone: 'p', password: 'x' });
    await waitFor(actor, (s) => s.matches('succeeded') && succeeded.mock.calls.length === 2);
    expect(succeeded).toHaveBeenCalledTimes(2);
  });

  it('ignores submits while submitting', () => {
    const { actor, spy } = start(() => new Promise(() => {}));
    actor.send({ type: 'login.submit', phone: 'p', password: 'x' });
    actor.send({ type: 'login.submit', phone: 'p', password: 'x' });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('asks the app to preload the next page once per submit, before the answer', () => {
    const preload = vi.fn();
    const actor = createActor(
      loginMachine.provide({ actors: { signIn: fromPromise(() => new Promise<typeof tokens>(() => {})) }, actions: { preloadNext: preload } }),
    ).start();
    expect(preload).not.toHaveBeenCalled();
    actor.send({ type: 'login.submit', phone: 'p', password: 'x' });
    expect(preload).toHaveBeenCalledTimes(1);
  });
});
