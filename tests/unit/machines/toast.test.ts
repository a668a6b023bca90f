import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectToast, MAX_TOASTS, TOAST_DURATION_MS, toastMachine, toastTone } from '../../../src/machines/toast';

describe('toast machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a toast and hides it after 3000 ms', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'toast.show', severity: 'success', message: 'shell.password.saved' });
    expect(connectToast(actor.getSnapshot()).toasts).toEqual([{ id: 'toast-1', severity: 'success', message: 'shell.password.saved', values: undefined }]);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(connectToast(actor.getSnapshot()).toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(connectToast(actor.getSnapshot()).toasts).toHaveLength(0);
  });

  it('times each toast on its own', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'toast.show', severity: 'info', message: 'a' });
    vi.advanceTimersByTime(2000);
    actor.send({ type: 'toast.show', severity: 'error', message: 'b', values: { n: 1 } });
    vi.advanceTimersByTime(1000);
    expect(connectToast(actor.getSnapshot()).toasts.map((t) => t.message)).toEqual(['b']);
    vi.advanceTimersByTime(2000);
    expect(connectToast(actor.getSnapshot()).toasts).toEqual([]);
  });

  it('dismisses on request and cancels that timer', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'toast.show', severity: 'info', message: 'a' });
    actor.send({ type: 'toast.dismiss', id: 'toast-1' });
    expect(connectToast(actor.getSnapshot()).toasts).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it(`keeps at most ${MAX_TOASTS}, dropping the oldest`, () => {
    const actor = createActor(toastMachine).start();
    for (let i = 1; i <= MAX_TOASTS + 2; i++) actor.send({ type: 'toast.show', severity: 'error', message: `m${i}` });
    expect(connectToast(actor.getSnapshot()).toasts.map((t) => t.message)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
    expect(vi.getTimerCount()).toBe(MAX_TOASTS);
  });

  it('is green on success, red otherwise', () => {
    expect(toastTone('success')).toBe('green');
    expect(toastTone('error')).toBe('red');
    expect(toastTone('info')).toBe('red');
  });
});
