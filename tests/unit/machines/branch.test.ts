import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Filial } from '../../../contract/filial';
import type { Role } from '../../../contract/roles';
import { SAVED_FILIAL_KEY } from '../../../src/lib/storage';
import { branchMachine, connectBranch, isDetailPage, resolveBranch } from '../../../src/machines/branch';
import { MemoryStorage } from '../support/fakes';

const all: Filial[] = [
  { id: 1, name: 'Chilonzor' },
  { id: 2, name: 'Yunusobod' },
  { id: 3, name: 'Sergeli' },
];

function start(saved: string | null = null, path = '/students') {
  const storage = new MemoryStorage();
  if (saved !== null) storage.setItem(SAVED_FILIAL_KEY, saved);
  const reload = vi.fn();
  const currentPath = vi.fn(() => path);
  const actor = createActor(branchMachine.provide({ actions: { reload: (_, params) => reload(params) } }), { input: { storage, currentPath } }).start();
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  const options = (userFilials: number[], role: Role = 'ADMINISTRATOR') => actor.send({ type: 'branch.options', options: all, userFilials, role });
  return { actor, storage, reload, emitted, options };
}

describe('resolveBranch', () => {
  it('prefers an allowed saved value, then the user’s first branch, then the first option', () => {
    expect(resolveBranch(all, [1], 3)).toBe(3);
    expect(resolveBranch(all, [2, 1], null)).toBe(2);
    expect(resolveBranch(all.slice(0, 2), [2], 3)).toBe(2);
    expect(resolveBranch(all, [], null)).toBe(1);
    expect(resolveBranch(all, [9], null)).toBe(1);
    expect(resolveBranch([], [1], 1)).toBeNull();
  });
});

describe('branch machine', () => {
  it('is not known while the list is on its way; known once answered, or once it failed (no branch then)', () => {
    const answered = start('2');
    expect(connectBranch(answered.actor.getSnapshot()).known).toBe(false);
    answered.options([1, 2]);
    expect(connectBranch(answered.actor.getSnapshot())).toMatchObject({ known: true, branchId: 2 });

    const failed = start('2');
    failed.actor.send({ type: 'branch.unavailable' });
    expect(connectBranch(failed.actor.getSnapshot())).toMatchObject({ known: true, branchId: null });
    // A later answer still applies.
    failed.options([1, 2]);
    expect(connectBranch(failed.actor.getSnapshot()).branchId).toBe(2);
    // A failed reload once the branch is known changes nothing.
    failed.actor.send({ type: 'branch.unavailable' });
    expect(connectBranch(failed.actor.getSnapshot()).branchId).toBe(2);
  });

  it('waits for the branch list and the user', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(connectBranch(actor.getSnapshot()).branchId).toBeNull();
  });

  it('with nothing saved, saves and shows the user’s first branch', () => {
    const { actor, storage, options } = start();
    options([2, 3]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(connectBranch(actor.getSnapshot()).branchId).toBe(2);
    expect(storage.getItem(SAVED_FILIAL_KEY)).toBe('2');
    expect(connectBranch(actor.getSnapshot()).branchOptions.map((b) => b.id)).toEqual([2, 3]);
    expect(connectBranch(actor.getSnapshot()).branch).toEqual({ id: 2, name: 'Yunusobod' });
  });

  it('uses a saved value that is allowed', () => {
    const { actor, storage, options } = start('3');
    options([2, 3]);
    expect(connectBranch(actor.getSnapshot()).branchId).toBe(3);
    expect(storage.getItem(SAVED_FILIAL_KEY)).toBe('3');
  });

  it('replaces a saved value that is not allowed', () => {
    const { actor, storage, options } = start('1');
    options([2, 3]);
    expect(connectBranch(actor.getSnapshot()).branchId).toBe(2);
    expect(storage.getItem(SAVED_FILIAL_KEY)).toBe('2');
  });

  it('gives a DIRECTOR every branch, and a user without branches every branch with the first chosen', () => {
    const director = start();
    director.options([3], 'DIRECTOR');
    expect(connectBranch(director.actor.getSnapshot()).branchOptions).toHaveLength(3);
    expect(connectBranch(director.actor.getSnapshot()).branchId).toBe(3);
    const noBranches = start('garbage');
    noBranches.options([], 'TEACHER');
    expect(connectBranch(noBranches.actor.getSnapshot()).branchOptions).toHaveLength(3);
    expect(noBranches.storage.getItem(SAVED_FILIAL_KEY)).toBe('1');
  });

  it('choosing stores the branch, toasts, asks for me again and reloads in place', () => {
    const { actor, storage, reload, emitted, options } = start();
    options([1, 2]);
    actor.send({ type: 'branch.choose', id: 1 });
    expect(storage.getItem(SAVED_FILIAL_KEY)).toBe('1');
    expect(connectBranch(actor.getSnapshot()).branchId).toBe(1);
    expect(emitted).toEqual([{ type: 'toast.show', severity: 'success', message: 'shell.branch.changed' }, { type: 'me.refetch' }]);
    expect(reload).toHaveBeenCalledWith({ back: false });
  });

  it('on a detail page, goes back one page before reloading', () => {
    for (const path of ['/employees/info', '/leads/lead_info', '/leads/orders/info', '/students/info?id=4']) {
      const { actor, reload, options } = start(null, path);
      options([1, 2]);
      actor.send({ type: 'branch.choose', id: 2 });
      expect(reload).toHaveBeenCalledWith({ back: true });
    }
  });

  it('refuses a branch that is not among the options', () => {
    const { actor, storage, reload, emitted, options } = start();
    options([1]);
    actor.send({ type: 'branch.choose', id: 3 });
    expect(storage.getItem(SAVED_FILIAL_KEY)).toBe('1');
    expect(reload).not.toHaveBeenCalled();
    expect(emitted).toEqual([]);
  });

  it('clearing removes the saved branch and reloads', () => {
    const { actor, storage, reload, options } = start();
    options([1, 2]);
    actor.send({ type: 'branch.clear' });
    expect(storage.getItem(SAVED_FILIAL_KEY)).toBeNull();
    expect(connectBranch(actor.getSnapshot()).branchId).toBeNull();
    expect(reload).toHaveBeenCalledWith({ back: false });
  });

  it('knows the detail pages', () => {
    expect(isDetailPage('/students/info/')).toBe(true);
    expect(isDetailPage('/students')).toBe(false);
  });
});
