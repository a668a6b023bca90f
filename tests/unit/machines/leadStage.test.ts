import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { LeadMoveType } from '../../../contract/leadStages';
import { ApiError } from '../../../src/api/errors';
import { leadMoveRequest } from '../../../src/api/leadMoves';
import {
  connectLeadStage,
  leadStageMachine,
  type LeadCard,
  type LeadMoveEvent,
  type LeadMoveInput,
} from '../../../src/machines/leadStage';
import { heldMoves } from '../support/fakes';

const lead = (over: Partial<LeadCard> = {}): LeadCard => ({
  id: 7,
  stage: 'YANGI_LEAD',
  is_archived: false,
  archived_reason: null,
  order: null,
  ...over,
});
const order = { group: 12, first_lesson_date: '2026-12-01' };

function start(initial: LeadCard) {
  const { calls, fake } = heldMoves<LeadMoveType, LeadMoveInput>();
  const actor = createActor(
    leadStageMachine.provide({
      actors: {
        wait: fake('wait'),
        order: fake('order'),
        join: fake('join'),
        cancelOrder: fake('cancelOrder'),
        archive: fake('archive'),
        restore: fake('restore'),
      },
    }),
    { input: { lead: initial } },
  ).start();
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  return { actor, calls, emitted };
}

// Each move: where it starts, the event, the state it shows while saving and after, and the lead afterwards.
const cases: { move: LeadMoveType; from: LeadCard; event: LeadMoveEvent; to: string; after: Partial<LeadCard>; shown: string }[] = [
  { move: 'wait', from: lead(), event: { type: 'lead.wait' }, to: 'KUTULMOQDA', after: { stage: 'KUTULMOQDA' }, shown: 'KUTULMOQDA' },
  {
    move: 'order',
    from: lead({ stage: 'KUTULMOQDA' }),
    event: { type: 'lead.order', ...order },
    to: 'ORDER_CREATED',
    after: { stage: 'ORDER_CREATED', order },
    shown: 'ORDER_CREATED',
  },
  { move: 'join', from: lead({ stage: 'ORDER_CREATED', order }), event: { type: 'lead.join' }, to: 'JOINED', after: { stage: 'JOINED', order }, shown: 'JOINED' },
  {
    move: 'cancelOrder',
    from: lead({ stage: 'ORDER_CREATED', order }),
    event: { type: 'lead.cancelOrder' },
    to: 'KUTULMOQDA',
    after: { stage: 'KUTULMOQDA', order: null },
    shown: 'KUTULMOQDA',
  },
  {
    move: 'archive',
    from: lead({ stage: 'ORDER_CREATED', order }),
    event: { type: 'lead.archive', reason: 'no_answer' },
    to: 'archived',
    after: { stage: 'ORDER_CREATED', is_archived: true, archived_reason: 'no_answer', order },
    shown: 'ARCHIVED',
  },
  {
    move: 'restore',
    from: lead({ stage: 'KUTULMOQDA', is_archived: true, archived_reason: 'other' }),
    event: { type: 'lead.restore' },
    to: 'KUTULMOQDA',
    after: { stage: 'KUTULMOQDA', is_archived: false, archived_reason: null },
    shown: 'KUTULMOQDA',
  },
];

describe('lead stage machine', () => {
  it('starts in the state of the lead it is given', () => {
    expect(start(lead()).actor.getSnapshot().value).toEqual({ YANGI_LEAD: 'idle' });
    expect(start(lead({ stage: 'JOINED' })).actor.getSnapshot().value).toEqual({ JOINED: 'idle' });
    const archived = start(lead({ stage: 'ORDER_CREATED', is_archived: true, archived_reason: 'other' })).actor;
    expect(archived.getSnapshot().value).toEqual({ archived: 'idle' });
    expect(connectLeadStage(archived.getSnapshot()).shown).toBe('ARCHIVED');
    expect(connectLeadStage(archived.getSnapshot()).moves).toEqual(['restore']);
  });

  describe.each(cases)('$move', ({ move, from, event, to, after, shown }) => {
    it('shows the new stage while saving, calls its own actor once, then stays there and announces it', async () => {
      const { actor, calls, emitted } = start(from);
      actor.send(event);
      expect(actor.getSnapshot().value).toEqual({ saving: move });
      expect(connectLeadStage(actor.getSnapshot()).saving).toBe(true);
      expect(connectLeadStage(actor.getSnapshot()).moves).toEqual([]);
      expect(connectLeadStage(actor.getSnapshot()).shown).toBe(shown);
      expect(calls.map((c) => c.move)).toEqual([move]);
      expect(calls[0].input.id).toBe(7);
      expect(calls[0].input.next).toEqual({ ...from, ...after });
      actor.send(event); // a second move waits for the first
      expect(calls).toHaveLength(1);
      calls[0].answer.resolve({});
      await waitFor(actor, (s) => !s.matches('saving'));
      expect(actor.getSnapshot().value).toEqual({ [to]: 'idle' });
      expect(actor.getSnapshot().context.item).toEqual({ ...from, ...after });
      expect(connectLeadStage(actor.getSnapshot()).shown).toBe(shown);
      expect(emitted).toEqual([{ type: 'lead.moved', id: 7, stage: after.stage ?? from.stage, is_archived: after.is_archived ?? false }]);
    });

    it('rolls back to the old stage on failure, shows the server message, and retries the same move', async () => {
      const { actor, calls, emitted } = start(from);
      const before = actor.getSnapshot().value;
      actor.send(event);
      calls[0].answer.reject(new ApiError(409, 'Bu lid boshqa bosqichda'));
      await waitFor(actor, (s) => !s.matches('saving'));
      const failedIn = Object.keys(before as object)[0];
      expect(actor.getSnapshot().value).toEqual({ [failedIn]: 'failed' });
      expect(actor.getSnapshot().context.item).toEqual(from);
      expect(connectLeadStage(actor.getSnapshot()).error).toBe('Bu lid boshqa bosqichda');
      expect(emitted).toEqual([{ type: 'toast.show', severity: 'error', message: 'Bu lid boshqa bosqichda' }]);
      actor.send({ type: 'lead.retry' });
      expect(actor.getSnapshot().value).toEqual({ saving: move });
      expect(connectLeadStage(actor.getSnapshot()).error).toBeNull();
      expect(calls).toHaveLength(2);
      expect(calls[1].input).toEqual(calls[0].input);
      calls[1].answer.resolve({});
      await waitFor(actor, (s) => !s.matches('saving'));
      expect(actor.getSnapshot().value).toEqual({ [to]: 'idle' });
    });
  });

  it('a failure without a server message shows the generic key; dismiss hides it', async () => {
    const { actor, calls } = start(lead());
    actor.send({ type: 'lead.wait' });
    calls[0].answer.reject(new TypeError('offline'));
    await waitFor(actor, (s) => !s.matches('saving'));
    expect(connectLeadStage(actor.getSnapshot()).error).toBe('leads.move.failed');
    actor.send({ type: 'lead.dismiss' });
    expect(actor.getSnapshot().value).toEqual({ YANGI_LEAD: 'idle' });
    expect(connectLeadStage(actor.getSnapshot()).error).toBeNull();
  });

  it('ignores moves the pipeline refuses, without calling the server', () => {
    const { actor, calls } = start(lead());
    actor.send({ type: 'lead.join' });
    actor.send({ type: 'lead.cancelOrder' });
    actor.send({ type: 'lead.restore' });
    actor.send({ type: 'lead.order', group: 12, first_lesson_date: '' });
    actor.send({ type: 'lead.archive', reason: 'bored' as never });
    expect(actor.getSnapshot().value).toEqual({ YANGI_LEAD: 'idle' });
    const joined = start(lead({ stage: 'JOINED' }));
    joined.actor.send({ type: 'lead.archive', reason: 'other' });
    expect(joined.actor.getSnapshot().value).toEqual({ JOINED: 'idle' });
    expect([...calls, ...joined.calls]).toHaveLength(0);
  });

  it('restores an archived lead to the stage it had', async () => {
    const { actor, calls } = start(lead({ stage: 'KUTULMOQDA' }));
    actor.send({ type: 'lead.archive', reason: 'too_expensive' });
    calls[0].answer.resolve({});
    await waitFor(actor, (s) => s.matches('archived'));
    actor.send({ type: 'lead.restore' });
    calls[1].answer.resolve({});
    await waitFor(actor, (s) => !s.matches('saving'));
    expect(actor.getSnapshot().value).toEqual({ KUTULMOQDA: 'idle' });
  });

  it('saves each move with the spec request', () => {
    expect(leadMoveRequest(7, { type: 'wait' })).toEqual({ url: '/lid/7/', body: { stage: 'KUTULMOQDA' } });
    expect(leadMoveRequest(7, { type: 'order', ...order })).toEqual({ url: '/lid/7/create_order', body: order });
    expect(leadMoveRequest(7, { type: 'changeOrder', ...order })).toEqual({ url: '/lid/7/change_order', body: order });
    expect(leadMoveRequest(7, { type: 'join' })).toEqual({ url: '/lid/7/', body: { stage: 'JOINED' } });
    expect(leadMoveRequest(7, { type: 'cancelOrder' })).toEqual({ url: '/lid/7/', body: { stage: 'KUTULMOQDA' } });
    expect(leadMoveRequest(7, { type: 'archive', reason: 'wrong_number' })).toEqual({
      url: '/lid/7/',
      body: { is_archived: true, archived_reason: 'wrong_number' },
    });
    expect(leadMoveRequest(7, { type: 'restore' })).toEqual({ url: '/lid/7/', body: { is_archived: false } });
  });
});
