// What a lead card shows as its lead moves through the pipeline, as a small machine with no invoke and no delays,
// so @xstate/graph can walk it (tests/model/leadStage.test.ts drives the real leadStage machine with every
// generated path). An archived lead remembers its stage, so there is one archived state per stage it can leave.
// `server.refuses` is a move the server answers with 409: the card rolls back to where it was.
import { createMachine } from 'xstate';

export const leadStageModel = createMachine({
  id: 'leadStageModel',
  initial: 'newLead',
  types: {} as {
    events:
      | { type: 'lead.wait' }
      | { type: 'lead.order' }
      | { type: 'lead.changeOrder' }
      | { type: 'lead.join' }
      | { type: 'lead.cancelOrder' }
      | { type: 'lead.archive' }
      | { type: 'lead.restore' }
      | { type: 'server.refuses' };
  },
  states: {
    /** YANGI_LEAD. */
    newLead: { on: { 'lead.wait': 'waiting', 'lead.order': 'ordered', 'lead.archive': 'archivedNew', 'server.refuses': 'newLeadFailed' } },
    /** YANGI_LEAD after a refused move: the message shows, the stage is unchanged. */
    newLeadFailed: { on: { 'lead.wait': 'waiting' } },
    /** KUTULMOQDA. */
    waiting: { on: { 'lead.order': 'ordered', 'lead.archive': 'archivedWaiting' } },
    /** ORDER_CREATED. */
    ordered: { on: { 'lead.join': 'joined', 'lead.changeOrder': 'reordered', 'lead.cancelOrder': 'waiting', 'lead.archive': 'archivedOrdered' } },
    /** ORDER_CREATED with another group and first lesson, changed in one move. */
    reordered: { on: { 'lead.join': 'joined', 'lead.cancelOrder': 'waiting' } },
    /** JOINED: the lead is a student; no move is offered. */
    joined: {},
    archivedNew: { on: { 'lead.restore': 'newLead' } },
    archivedWaiting: { on: { 'lead.restore': 'waiting' } },
    archivedOrdered: { on: { 'lead.restore': 'ordered' } },
  },
});
