// What the student page shows as a student's status moves, as a small machine with no invoke and no delays, so
// @xstate/graph can walk it (tests/model/studentStatus.test.ts drives the real studentStatus machine with every
// generated path). An archived student remembers the status they were archived from, so there is one archived
// state per status they can leave. `student.sync` is the refetch after the student joined a group (the server
// enrols them); `server.schedulesFreeze` is a freeze from a later day, which the server answers with the student
// still active; `server.refuses` is a move the server answers with 409: the page rolls back and offers a retry.
import { createMachine } from 'xstate';

export const studentStatusModel = createMachine({
  id: 'studentStatusModel',
  initial: 'testing',
  types: {} as {
    events:
      | { type: 'student.sync' }
      | { type: 'student.activate' }
      | { type: 'student.freeze' }
      | { type: 'server.schedulesFreeze' }
      | { type: 'student.unfreeze' }
      | { type: 'student.archive' }
      | { type: 'student.unarchive' }
      | { type: 'server.refuses' }
      | { type: 'student.retry' }
      | { type: 'student.dismiss' };
  },
  states: {
    testing: { on: { 'student.sync': 'new', 'student.archive': 'archivedTesting' } },
    new: { on: { 'student.activate': 'active', 'student.archive': 'archivedNew', 'server.refuses': 'newFailed' } },
    /** new after a refused activation: the message shows, the status is unchanged. */
    newFailed: { on: { 'student.retry': 'active', 'student.dismiss': 'new' } },
    active: { on: { 'student.freeze': 'frozen', 'server.schedulesFreeze': 'freezeScheduled', 'student.archive': 'archivedActive' } },
    /** Still active: the freeze starts on a later day. */
    freezeScheduled: { on: { 'student.freeze': 'frozen', 'student.archive': 'archivedActive' } },
    frozen: { on: { 'student.unfreeze': 'active', 'student.archive': 'archivedFrozen' } },
    archivedTesting: { on: { 'student.unarchive': 'testing' } },
    archivedNew: { on: { 'student.unarchive': 'new' } },
    archivedActive: { on: { 'student.unarchive': 'active' } },
    /** Archiving ended the freeze, so the student comes back active. */
    archivedFrozen: { on: { 'student.unarchive': 'active' } },
  },
});
