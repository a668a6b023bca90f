// What a money dialog shows while it writes, as a small machine with no invoke (so @xstate/graph can walk it;
// tests/model/financeWrite.test.ts drives the real financeWrite machine with every generated path). The server's
// answers are events here: `server.saves` (2xx), `server.lost` (no answer / 5xx), `server.refuses` (409) and
// `server.invalid` (400 with field messages); the user's are `form.edit`, `write.retry` and `write.again`.
import { createMachine } from 'xstate';

export const financeWriteModel = createMachine({
  id: 'financeWriteModel',
  initial: 'editing',
  types: {} as {
    events:
      | { type: 'server.saves' }
      | { type: 'server.lost' }
      | { type: 'server.refuses' }
      | { type: 'server.invalid' }
      | { type: 'form.edit' }
      | { type: 'write.retry' }
      | { type: 'write.again' };
  },
  states: {
    /** The form, nothing sent yet (or a new action after an edit). */
    editing: { on: { 'server.saves': 'done', 'server.lost': 'failed', 'server.refuses': 'refused', 'server.invalid': 'invalid' } },
    /** The form with the server's field messages, until the user corrects it (a new body, so a new key). */
    invalid: { on: { 'form.edit': 'editing' } },
    /** No answer: a message and a retry that resends the same key. */
    failed: { on: { 'write.retry': 'done', 'form.edit': 'editing' } },
    /** 409: the server's message, no retry; an edit makes a new action. */
    refused: { on: { 'form.edit': 'editing' } },
    done: { on: { 'write.again': 'editing' } },
  },
});
