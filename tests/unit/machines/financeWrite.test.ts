import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../src/api/errors';
import { connectFinanceWrite, financeWriteMachine, writeErrorOf, type WriteInput } from '../../../src/machines/financeWrite';

const PAYMENT = { casher: 3, action: 'income', method: 'cash', amount: '150000.00', comment: '' };

/** The real machine with a scripted server: each call answers with the next item (a value, or an error to throw). */
function start(answers: unknown[]) {
  const calls: WriteInput[] = [];
  const write = vi.fn(async (input: WriteInput) => {
    calls.push(input);
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const actor = createActor(financeWriteMachine.provide({ actors: { write: fromPromise(({ input }) => write(input)) } })).start();
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  const settle = () => waitFor(actor, (s) => !s.matches('submitting'));
  return { actor, calls, emitted, settle };
}

describe('finance write machine', () => {
  it('sends the body with a new key, ends in done and announces the answer', async () => {
    const { actor, calls, emitted, settle } = start([{ id: 41 }]);
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'form.submit', body: PAYMENT });
    expect(actor.getSnapshot().value).toBe('submitting');
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual(PAYMENT);
    expect(calls[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(actor.getSnapshot().context.result).toEqual({ id: 41 });
    expect(emitted).toEqual([{ type: 'write.done', result: { id: 41 } }]);
  });

  it('retries a lost answer with the SAME key', async () => {
    const { actor, calls, settle } = start([new ApiError(0), new ApiError(502), { id: 42 }]);
    actor.send({ type: 'form.submit', body: PAYMENT });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(connectFinanceWrite(actor.getSnapshot()).canRetry).toBe(true);
    expect(connectFinanceWrite(actor.getSnapshot()).message).toBe('common.form.failed');
    actor.send({ type: 'write.retry' });
    await settle();
    actor.send({ type: 'write.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(calls.map((c) => c.key)).toEqual([calls[0].key, calls[0].key, calls[0].key]);
    expect(calls.every((c) => c.body === PAYMENT)).toBe(true);
  });

  it('submitting the unchanged form again after a failure is the same action (same key)', async () => {
    const { actor, calls, settle } = start([new ApiError(503), { id: 1 }]);
    actor.send({ type: 'form.submit', body: PAYMENT });
    await settle();
    actor.send({ type: 'form.submit', body: { ...PAYMENT } });
    await settle();
    expect(calls[1].key).toBe(calls[0].key);
  });

  it('editing the form after a failure starts a new action with a new key', async () => {
    const { actor, calls, settle } = start([new ApiError(0), { id: 2 }]);
    actor.send({ type: 'form.submit', body: PAYMENT });
    await settle();
    actor.send({ type: 'form.edit', field: 'amount' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.key).toBeNull();
    expect(connectFinanceWrite(actor.getSnapshot()).message).toBeNull();
    actor.send({ type: 'form.submit', body: PAYMENT });
    await settle();
    expect(calls[1].key).not.toBe(calls[0].key);
  });

  it('puts 400 field messages back on the form; an edit clears that field; a changed body gets a new key', async () => {
    const { actor, calls, settle } = start([new ApiError(400, undefined, { amount: ['Musbat summa kiriting'], kind: ['Tanlang'] }), { id: 3 }]);
    actor.send({ type: 'form.submit', body: PAYMENT });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(connectFinanceWrite(actor.getSnapshot()).fieldErrors).toEqual({ amount: 'Musbat summa kiriting', kind: 'Tanlang' });
    actor.send({ type: 'form.edit', field: 'amount' });
    expect(connectFinanceWrite(actor.getSnapshot()).fieldErrors).toEqual({ kind: 'Tanlang' });
    actor.send({ type: 'form.submit', body: { ...PAYMENT, amount: '1.00' } });
    expect(connectFinanceWrite(actor.getSnapshot()).fieldErrors).toEqual({});
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(calls[1].key).not.toBe(calls[0].key);
  });

  it('shows a 409 with the server message and offers no retry until the form changes', async () => {
    const refusal = new ApiError(409, 'Kassada yetarli mablag‘ yo‘q');
    const { actor, calls, settle } = start([refusal, { id: 5 }]);
    actor.send({ type: 'form.submit', body: PAYMENT });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(connectFinanceWrite(actor.getSnapshot()).message).toBe('Kassada yetarli mablag‘ yo‘q');
    expect(connectFinanceWrite(actor.getSnapshot()).canRetry).toBe(false);
    actor.send({ type: 'write.retry' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(calls).toHaveLength(1);
    actor.send({ type: 'form.edit', field: 'amount' });
    actor.send({ type: 'form.submit', body: { ...PAYMENT, amount: '100.00' } });
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(calls[1].key).not.toBe(calls[0].key);
  });

  it('a 422 (the key was used with another body) drops the key, so the retry goes with a new one', async () => {
    const { actor, calls, settle } = start([new ApiError(422, 'key reused'), { id: 6 }]);
    actor.send({ type: 'form.submit', body: PAYMENT });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'write.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(calls[1].key).not.toBe(calls[0].key);
    expect(calls[1].key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('ignores submits while one is on its way, and starts fresh with write.again', async () => {
    const { actor, calls, settle } = start([{ id: 7 }, { id: 8 }]);
    actor.send({ type: 'form.submit', body: PAYMENT });
    actor.send({ type: 'form.submit', body: PAYMENT });
    await settle();
    expect(calls).toHaveLength(1);
    actor.send({ type: 'form.submit', body: PAYMENT }); // done: nothing
    expect(calls).toHaveLength(1);
    actor.send({ type: 'write.again' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ key: null, result: null, body: null });
    actor.send({ type: 'form.submit', body: PAYMENT });
    await settle();
    expect(calls[1].key).not.toBe(calls[0].key);
  });

  it('words failures that are not ApiErrors as a plain failure', () => {
    expect(writeErrorOf(new TypeError('boom'))).toEqual({ failure: 'failed', fieldErrors: {}, message: 'common.form.failed' });
    expect(writeErrorOf(new ApiError(409))).toMatchObject({ failure: 'conflict', message: 'common.form.conflict' });
    expect(writeErrorOf(new ApiError(409, 'Kassada 65000.00 bor', { method: ['cash'] }))).toEqual({ failure: 'conflict', fieldErrors: {}, message: 'Kassada 65000.00 bor' });
    expect(writeErrorOf(new ApiError(400, 'Bad'))).toEqual({ failure: 'invalid', fieldErrors: {}, message: 'Bad' });
  });
});
