// Paths generated from the financeWrite model (src/machines/financeWrite.model.ts), each driving the REAL
// financeWrite machine with a scripted server, asserting in every model state what the dialog shows and, at each
// request, which Idempotency-Key went with it: the same for a retry, a new one for a new action.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { connectFinanceWrite, financeWriteMachine, type WriteInput } from '../../src/machines/financeWrite';
import { financeWriteModel } from '../../src/machines/financeWrite.model';
import { walkModel } from './walkModel';

const body = (amount: string) => ({ casher: 1, action: 'income', method: 'cash', amount, comment: '' });

function harness() {
  const calls: WriteInput[] = [];
  let answer: unknown = null;
  const write = fromPromise<unknown, WriteInput>(async ({ input }) => {
    calls.push(input);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const actor = createActor(financeWriteMachine.provide({ actors: { write } })).start();
  let amount = 100;
  const settle = () => waitFor(actor, (s) => !s.matches('submitting'));
  const h = {
    actor,
    calls,
    /** Submits the form (a new amount after an edit) and lets the server answer. */
    async submit(server: unknown) {
      answer = server;
      actor.send({ type: 'form.submit', body: body(`${amount}.00`) });
      await settle();
    },
    async retry(server: unknown) {
      answer = server;
      const before = calls.length;
      actor.send({ type: 'write.retry' });
      await settle();
      expect(calls).toHaveLength(before + 1);
      expect(calls.at(-1)?.key).toBe(calls.at(-2)?.key);
      expect(calls.at(-1)?.body).toEqual(calls.at(-2)?.body);
    },
    edit() {
      amount += 1;
      actor.send({ type: 'form.edit', field: 'amount' });
    },
    /** A new action (after an edit, a refusal or a success) carries a key never used before. */
    freshKey() {
      const keys = calls.map((c) => c.key);
      expect(keys.slice(0, -1)).not.toContain(keys.at(-1));
    },
    shows(value: string, message: string | null, canRetry = false, fields: Record<string, string> = {}) {
      const s = actor.getSnapshot();
      expect(s.value).toBe(value);
      expect(connectFinanceWrite(s).message).toBe(message);
      expect(connectFinanceWrite(s).canRetry).toBe(canRetry);
      expect(connectFinanceWrite(s).fieldErrors).toEqual(fields);
    },
  };
  return h;
}

type Harness = ReturnType<typeof harness>;

const states = (h: Harness) => ({
  editing: () => h.shows('editing', null),
  invalid: () => h.shows('editing', null, false, { amount: 'Noldan katta bo‘lishi kerak' }),
  failed: () => h.shows('failed', 'common.form.failed', true),
  refused: () => h.shows('failed', 'Kassada yetarli mablag‘ yo‘q', false),
  done: () => {
    h.shows('done', null);
    expect(h.actor.getSnapshot().context.result).toEqual({ id: h.calls.length });
  },
});

const events = (h: Harness) => ({
  'server.saves': async () => {
    await h.submit({ id: h.calls.length + 1 });
    h.freshKey();
  },
  'server.lost': () => h.submit(new ApiError(0)),
  'server.refuses': () => h.submit(new ApiError(409, 'Kassada yetarli mablag‘ yo‘q')),
  'server.invalid': () => h.submit(new ApiError(400, undefined, { amount: ['Noldan katta bo‘lishi kerak'] })),
  'form.edit': () => h.edit(),
  'write.retry': () => h.retry({ id: h.calls.length + 1 }),
  'write.again': () => h.actor.send({ type: 'write.again' }),
});

const model = walkModel('finance write', financeWriteModel, harness, { states, events });

describe('finance write model', () => {
  it('reaches every state and takes all 9 transitions', () => {
    const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...reached].sort()).toEqual(Object.keys(financeWriteModel.root.states).sort());
    const taken = new Set(paths.flatMap((p) => p.steps.slice(1).map((s, i) => `${String(p.steps[i].state.value)} -${s.event.type}-> ${String(s.state.value)}`)));
    expect(taken.size).toBe(9);
  });
});
