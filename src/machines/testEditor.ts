// The test editor (/edu/test/create). States: opening → loading (with an id; invoke loadTest) | ready ·
// loadFailed (test.retry) · ready = parallel { form: editing · invalid · saving · saved · failed, leave: idle ·
// confirming }.
// - Edits (settings.change, question.*, option.*; see testDraft.ts) change the draft anywhere in `ready`; each
//   keeps a copy in localStorage (keyed by the test id or "new") while it differs from the saved test, so a reload
//   loses nothing. Opening a test restores its kept copy. While saving, edits are kept and the save goes on.
// - test.save validates with the contract schema: errors → invalid (issues by path, re-checked on every edit,
//   back to editing once none are left); else saving (invoke saveTest: POST, or PUT for an existing test). Done →
//   saved (the kept copy is dropped; a new test gets its id and the URL follows). A 400 with fields → invalid
//   with the server's messages on the same paths; any other failure → failed. A test students have taken cannot
//   change (409): test.saveAsNew then saves the draft as a new test instead.
// - test.open {id} (the URL's ?id= changed) opens another test; draft.discard goes back to the saved test;
//   branch.set {id} names the branch a new test is saved into (the branch list may arrive after the page); an
//   existing test stays in its own branch.
// - leave.request {to}: with unsaved changes → leave.confirming (leave.confirm drops the kept copy and goes,
//   leave.cancel stays); without, it just goes. `navigate` is a named action; toasts are emitted.
import { assign, emit, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { TestBody, TestDetail } from '../../contract/placementTests';
import { fetchTest, saveTest } from '../api/placementTests';
import { browserNavigate } from '../lib/browser';
import { emptyDraft, issuesFromServer, validateDraft, type IssuesByPath, type TestDraft } from './testDraft';
import { applyEdit, onEveryEdit, type DraftEdit } from './testDraft.edits';
import { clearStoredDraft, writeStoredDraft, type DraftStorage } from './testDraft.storage';
import {
  classifyFailure,
  draftIssues,
  FAILED_TOAST,
  INVALID_TOAST,
  isDirty,
  SAVED_TOAST,
  serverFields,
  TEST_CREATE_PATH,
  testPath,
  type EditorFailure,
} from './testEditor.rules';
import { keepCopy, openNew, openSaved } from './testEditor.keptCopy';
import type { ToastRequest } from './toast';

export { classifyFailure, TEST_CREATE_PATH, testPath, type EditorFailure } from './testEditor.rules';

export type TestEditorEvent =
  | DraftEdit
  | { type: 'test.open'; id: number | null }
  | { type: 'branch.set'; id: number | null }
  | { type: 'test.retry' }
  | { type: 'test.save' }
  | { type: 'test.saveAsNew' }
  | { type: 'draft.discard' }
  | { type: 'leave.request'; to: string }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' };

export type TestEditorInput = { testId: number | null; filial: number | null; storage?: DraftStorage };

type Context = {
  testId: number | null;
  /** The branch chosen in the app: new tests are saved into it. */
  branch: number | null;
  /** The branch of the test being edited (an existing test keeps its own). */
  filial: number | null;
  storage: DraftStorage;
  draft: TestDraft;
  /** The test as last loaded or saved: the draft is dirty while it differs. */
  saved: TestDraft;
  /** The draft being saved (edits may follow it while the request runs). */
  sending: TestDraft | null;
  issues: IssuesByPath;
  failure: EditorFailure | null;
  /** The draft came from localStorage, not from the server. */
  restored: boolean;
  leaveTo: string | null;
};

/** Emitted when a save is refused with errors, so the view can bring the first one into sight. */
export type IssuesShown = { type: 'issues.shown' };
export type TestEditorEmitted = ToastRequest | IssuesShown;

/** test.save from editing, saved and failed: check the draft first, send it only when the contract accepts it. */
const SAVE = [
  { guard: 'the draft breaks the contract', target: 'invalid', actions: ['checkDraft', { type: 'toast', params: INVALID_TOAST }, 'revealIssues'] },
  { target: 'saving' },
] as const;

export const testEditorMachine = setup({
  types: {
    context: {} as Context,
    events: {} as TestEditorEvent,
    input: {} as TestEditorInput,
    emitted: {} as TestEditorEmitted,
  },
  actors: {
    loadTest: fromPromise<TestDetail, { id: number }>(({ input }) => fetchTest(input.id)),
    saveTest: fromPromise<TestDetail, { id: number | null; body: TestBody }>(({ input }) => saveTest(input.id, input.body)),
  },
  guards: {
    'an existing test is opened': ({ context }) => context.testId !== null,
    'another test is asked for': ({ context, event }) => event.type === 'test.open' && event.id !== context.testId,
    'the draft breaks the contract': ({ context }) => !validateDraft(context.draft, context.filial).ok,
    'the server named the fields': ({ event }) => serverFields((event as { error?: unknown }).error) !== null,
    'no issues are left': ({ context }) => Object.keys(context.issues).length === 0,
    'there are unsaved changes': ({ context }) => isDirty(context),
    'students have taken the test': ({ context }) => context.failure?.kind === 'conflict' && context.testId !== null,
  },
  actions: {
    openRequested: assign({ testId: ({ event }) => (event.type === 'test.open' ? event.id : null), issues: {}, failure: null, restored: false, leaveTo: null }),
    /** A new test, or the kept copy of one begun before a reload. */
    startNew: assign(({ context }) => ({ ...openNew(context.storage), filial: context.branch, issues: {} })),
    startFrom: assign(({ context }, params: { detail: TestDetail }) => ({ ...openSaved(context.storage, context.testId, params.detail), filial: params.detail.filial, issues: {} })),
    edit: assign({ draft: ({ context, event }) => applyEdit(context.draft, event as DraftEdit) }),
    /** Keeps the draft while it differs from the saved test; an edit that undoes every change drops the copy. */
    keepDraft: ({ context }) => keepCopy(context.storage, context.testId, context),
    checkDraft: assign({ issues: ({ context }) => draftIssues(context.draft, context.filial) }),
    clearIssues: assign({ issues: {}, failure: null }),
    rememberSending: assign({ sending: ({ context }) => context.draft }),
    settleSaved: assign(({ context }, params: { detail: TestDetail }) => {
      const wasNew = context.testId === null;
      const saved = context.sending ?? context.draft;
      if (wasNew) clearStoredDraft(context.storage, null);
      return { testId: params.detail.id, saved, sending: null, restored: false, issues: {}, failure: null };
    }),
    showServerIssues: assign({ issues: ({ event }) => issuesFromServer(serverFields((event as { error?: unknown }).error) ?? {}), sending: null }),
    keepFailure: assign({ failure: ({ event }) => classifyFailure((event as { error?: unknown }).error), sending: null }),
    discard: assign(({ context }) => {
      clearStoredDraft(context.storage, context.testId);
      return { draft: context.saved, restored: false, issues: {}, failure: null };
    }),
    /** The questions become a new test; the old one stays as the students took it. */
    detach: assign(({ context }) => {
      clearStoredDraft(context.storage, context.testId);
      writeStoredDraft(context.storage, null, context.draft);
      return { testId: null, filial: context.filial };
    }),
    dropKeptDraft: ({ context }) => clearStoredDraft(context.storage, context.testId),
    setBranch: assign(({ context, event }) => {
      const branch = event.type === 'branch.set' ? event.id : context.branch;
      return { branch, filial: context.testId === null ? branch : context.filial };
    }),
    rememberLeave: assign({ leaveTo: ({ event }) => (event.type === 'leave.request' ? event.to : null) }),
    forgetLeave: assign({ leaveTo: null }),
    navigate: (_, params: { to: string; replace?: boolean }) => (params.replace ? history.replaceState(null, '', params.to) : browserNavigate(params.to)),
    toast: emit((_, params: ToastRequest) => params),
    revealIssues: emit({ type: 'issues.shown' } as const),
  },
}).createMachine({
  id: 'testEditor',
  context: ({ input }) => {
    const draft = emptyDraft();
    const storage = input.storage ?? globalThis.localStorage;
    return { testId: input.testId, branch: input.filial, filial: input.filial, storage, draft, saved: draft, sending: null, issues: {}, failure: null, restored: false, leaveTo: null };
  },
  initial: 'opening',
  on: {
    'test.open': { guard: 'another test is asked for', target: '.opening', actions: 'openRequested' },
    // The branch list arrives after the page: a new test is saved into the branch chosen at that moment.
    'branch.set': { actions: 'setBranch' },
    // Nothing is being edited (loading, or a failed load): just go.
    'leave.request': { actions: { type: 'navigate', params: ({ event }) => ({ to: event.to }) } },
  },
  states: {
    opening: {
      always: [{ guard: 'an existing test is opened', target: 'loading' }, { target: 'ready', actions: 'startNew' }],
    },
    loading: {
      invoke: {
        src: 'loadTest',
        input: ({ context }) => ({ id: context.testId as number }),
        onDone: { target: 'ready', actions: { type: 'startFrom', params: ({ event }) => ({ detail: event.output }) } },
        onError: { target: 'loadFailed', actions: 'keepFailure' },
      },
    },
    loadFailed: { on: { 'test.retry': { target: 'loading', actions: 'clearIssues' } } },
    ready: {
      type: 'parallel',
      on: {
        ...onEveryEdit({ target: '.form.editing', actions: ['edit', 'keepDraft'] }),
        'draft.discard': { target: '.form.editing', actions: 'discard' },
      },
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: { on: { 'test.save': SAVE } },
            invalid: {
              // Errors follow the edits: a fixed field loses its message at once.
              on: {
                ...onEveryEdit({ actions: ['edit', 'keepDraft', 'checkDraft'] }),
                'test.save': { actions: ['checkDraft', { type: 'toast', params: INVALID_TOAST }, 'revealIssues'] },
              },
              always: { guard: 'no issues are left', target: 'editing' },
            },
            saving: {
              entry: ['clearIssues', 'rememberSending'],
              on: { ...onEveryEdit({ actions: ['edit', 'keepDraft'] }), 'draft.discard': {} },
              invoke: {
                src: 'saveTest',
                input: ({ context }) => {
                  const result = validateDraft(context.draft, context.filial);
                  if (!result.ok) throw new Error('saving an invalid draft');
                  return { id: context.testId, body: result.body };
                },
                onDone: {
                  target: 'saved',
                  actions: [
                    { type: 'settleSaved', params: ({ event }) => ({ detail: event.output }) },
                    'keepDraft',
                    { type: 'navigate', params: ({ event }) => ({ to: testPath(event.output.id), replace: true }) },
                    { type: 'toast', params: SAVED_TOAST },
                  ],
                },
                onError: [
                  { guard: 'the server named the fields', target: 'invalid', actions: ['showServerIssues', { type: 'toast', params: INVALID_TOAST }, 'revealIssues'] },
                  { target: 'failed', actions: ['keepFailure', { type: 'toast', params: FAILED_TOAST }] },
                ],
              },
            },
            saved: { on: { 'test.save': SAVE } },
            failed: {
              on: {
                'test.save': SAVE,
                'test.saveAsNew': { guard: 'students have taken the test', target: 'saving', actions: 'detach' },
              },
            },
          },
        },
        leave: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'leave.request': [
                  { guard: 'there are unsaved changes', target: 'confirming', actions: 'rememberLeave' },
                  { actions: { type: 'navigate', params: ({ event }) => ({ to: event.to }) } },
                ],
              },
            },
            confirming: {
              on: {
                'leave.confirm': {
                  target: 'idle',
                  actions: ['dropKeptDraft', { type: 'navigate', params: ({ context }) => ({ to: context.leaveTo ?? TEST_CREATE_PATH }) }, 'forgetLeave'],
                },
                'leave.cancel': { target: 'idle', actions: 'forgetLeave' },
                'leave.request': { actions: 'rememberLeave' },
              },
            },
          },
        },
      },
    },
  },
});

export type TestEditorActorRef = ActorRefFrom<typeof testEditorMachine>;
