// Paths generated from the lead stage model (src/machines/leadStage.model.ts), each driving the REAL leadStage
// machine with fake save actors, asserting in every model state the stage the card shows and the moves it offers.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import {
  connectLeadStage,
  leadStageMachine,
  type LeadMoveInput,
} from '../../src/machines/leadStage';
import { leadStageModel } from '../../src/machines/leadStage.model';
import { walkModel } from './walkModel';

function harness() {
  const saved: LeadMoveInput[] = [];
  let refuse = false;
  const save = fromPromise<unknown, LeadMoveInput>(async ({ input }) => {
    saved.push(input);
    if (refuse) throw new ApiError(409, 'refused');
    return {};
  });
  const actor = createActor(
    leadStageMachine.provide({ actors: { wait: save, order: save, changeOrder: save, join: save, cancelOrder: save, archive: save, restore: save } }),
    { input: { lead: { id: 3, stage: 'YANGI_LEAD', is_archived: false, archived_reason: null, order: null } } },
  ).start();
  const h = {
    actor,
    saved,
    async send(event: Parameters<typeof actor.send>[0], refused = false) {
      refuse = refused;
      const before = saved.length;
      actor.send(event);
      expect(saved).toHaveLength(before + 1); // the move was legal and went to the server
      await waitFor(actor, (s) => !s.matches('saving'));
    },
    shows(value: object, stage: string, moves: string[]) {
      const s = actor.getSnapshot();
      expect(s.value).toEqual(value);
      expect(connectLeadStage(s).shown).toBe(stage);
      expect(connectLeadStage(s).moves).toEqual(moves);
    },
  };
  return h;
}

type Harness = ReturnType<typeof harness>;

const states = (h: Harness) => ({
  newLead: () => h.shows({ YANGI_LEAD: 'idle' }, 'YANGI_LEAD', ['wait', 'order', 'archive']),
  newLeadFailed: () => {
    h.shows({ YANGI_LEAD: 'failed' }, 'YANGI_LEAD', ['wait', 'order', 'archive']);
    expect(connectLeadStage(h.actor.getSnapshot()).error).toBe('refused');
  },
  waiting: () => h.shows({ KUTULMOQDA: 'idle' }, 'KUTULMOQDA', ['order', 'archive']),
  ordered: () => {
    h.shows({ ORDER_CREATED: 'idle' }, 'ORDER_CREATED', ['changeOrder', 'join', 'cancelOrder', 'archive']);
    expect(h.actor.getSnapshot().context.item.order).toEqual({ group: 12, first_lesson_date: '2026-12-01' });
  },
  reordered: () => {
    h.shows({ ORDER_CREATED: 'idle' }, 'ORDER_CREATED', ['changeOrder', 'join', 'cancelOrder', 'archive']);
    expect(h.actor.getSnapshot().context.item.order).toEqual({ group: 13, first_lesson_date: '2026-12-03' });
    expect(h.saved.at(-1)?.move).toEqual({ type: 'changeOrder', group: 13, first_lesson_date: '2026-12-03' });
  },
  joined: () => h.shows({ JOINED: 'idle' }, 'JOINED', []),
  archivedNew: () => {
    h.shows({ archived: 'idle' }, 'ARCHIVED', ['restore']);
    expect(h.actor.getSnapshot().context.item).toMatchObject({ stage: 'YANGI_LEAD', archived_reason: 'no_answer' });
  },
  archivedWaiting: () => {
    h.shows({ archived: 'idle' }, 'ARCHIVED', ['restore']);
    expect(h.actor.getSnapshot().context.item).toMatchObject({ stage: 'KUTULMOQDA', archived_reason: 'no_answer' });
  },
  archivedOrdered: () => {
    h.shows({ archived: 'idle' }, 'ARCHIVED', ['restore']);
    expect(h.actor.getSnapshot().context.item).toMatchObject({ stage: 'ORDER_CREATED', archived_reason: 'no_answer' });
  },
});

const events = (h: Harness) => ({
  'lead.wait': () => h.send({ type: 'lead.wait' }),
  'lead.order': () => h.send({ type: 'lead.order', group: 12, first_lesson_date: '2026-12-01' }),
  'lead.changeOrder': () => h.send({ type: 'lead.changeOrder', group: 13, first_lesson_date: '2026-12-03' }),
  'lead.join': () => h.send({ type: 'lead.join' }),
  'lead.cancelOrder': () => h.send({ type: 'lead.cancelOrder' }),
  'lead.archive': () => h.send({ type: 'lead.archive', reason: 'no_answer' }),
  'lead.restore': () => h.send({ type: 'lead.restore' }),
  'server.refuses': () => h.send({ type: 'lead.wait' }, true),
});

const model = walkModel('lead stage', leadStageModel, harness, { states, events });

describe('lead stage model', () => {
  it('reaches every state and takes all 16 transitions', () => {
    const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...reached].sort()).toEqual(Object.keys(leadStageModel.root.states).sort());
    const taken = new Set(
      paths.flatMap((p) =>
        p.steps.slice(1).map((s, i) => `${String(p.steps[i].state.value)} -${s.event.type}-> ${String(s.state.value)}`),
      ),
    );
    expect(taken.size).toBe(16);
  });
});
