// Paths generated from the branch model (src/machines/branch.model.ts), each driving the REAL branch machine with
// in-memory storage, a spied reload and the current path as the app gives it; a reload is followed as the app does
// (a new page: the branch list and the user sent again), asserting in every model state the branch shown, what is
// saved, and what the reloads did.
import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { Filial } from '../../contract/filial';
import { SAVED_FILIAL_KEY } from '../../src/lib/storage';
import { branchMachine, connectBranch } from '../../src/machines/branch';
import { branchModel } from '../../src/machines/branch.model';
import { MemoryStorage } from '../unit/support/fakes';
import { walkModel } from './walkModel';

const all: Filial[] = [
  { id: 1, name: 'Chilonzor' },
  { id: 2, name: 'Yunusobod' },
  { id: 3, name: 'Sergeli' },
];

function harness() {
  const storage = new MemoryStorage();
  const reloads: { back: boolean }[] = [];
  const emitted: string[] = [];
  const place = { path: '/leads' };
  const start = () => {
    const actor = createActor(branchMachine.provide({ actions: { reload: (_, params) => void reloads.push(params) } }), {
      input: { storage, currentPath: (): string => place.path },
    }).start();
    actor.on('*', (e) => void emitted.push(e.type));
    return actor;
  };
  let actor = start();
  const h = {
    storage,
    reloads,
    emitted,
    place,
    get actor() {
      return actor;
    },
    /** A page load: a fresh machine reading storage, then the branch list and the user (in branches 1 and 2). */
    load() {
      actor = start();
      actor.send({ type: 'branch.options', options: all, userFilials: [1, 2], role: 'ADMINISTRATOR' });
    },
    shows(id: number) {
      expect(actor.getSnapshot().value).toBe('ready');
      expect(connectBranch(actor.getSnapshot()).branch).toEqual(all.find((b) => b.id === id));
      expect(storage.getItem(SAVED_FILIAL_KEY)).toBe(String(id));
    },
  };
  h.load();
  return h;
}

type Harness = ReturnType<typeof harness>;

const states = (h: Harness) => ({
  firstBranch: () => {
    h.shows(1);
    expect(h.place.path).toBe('/leads');
  },
  chosen: () => {
    h.shows(2);
    expect(h.reloads).toEqual([{ back: false }]);
    expect(h.emitted).toEqual(['toast.show', 'me.refetch']);
  },
  onDetail: () => {
    h.shows(1);
    expect(h.reloads).toEqual([]);
  },
  leftDetail: () => {
    h.shows(2);
    expect(h.reloads).toEqual([{ back: true }]);
    expect(h.place.path).toBe('/leads');
  },
});

const events = (h: Harness) => ({
  'branch.choose': () => {
    h.actor.send({ type: 'branch.choose', id: 2 });
    const { back } = h.reloads.at(-1) ?? { back: false };
    if (back) h.place.path = '/leads'; // the page before the detail page
    h.load();
  },
  'branch.clear': () => {
    h.actor.send({ type: 'branch.clear' });
    expect(h.storage.getItem(SAVED_FILIAL_KEY)).toBeNull();
    expect(h.reloads.at(-1)).toEqual({ back: false });
    h.reloads.length = 0;
    h.emitted.length = 0;
    h.load();
  },
  'visit.detail': () => {
    h.place.path = '/leads/lead_info?id=4';
  },
});

walkModel('branch', branchModel, harness, { states, events });
