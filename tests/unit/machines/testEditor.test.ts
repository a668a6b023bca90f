import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TestBody, TestDetail } from '../../../contract/placementTests';
import { ApiError } from '../../../src/api/errors';
import type { TestDraft } from '../../../src/machines/testDraft';
import { draftStorageKey, readStoredDraft } from '../../../src/machines/testDraft.storage';
import { testEditorMachine, type TestEditorEvent } from '../../../src/machines/testEditor';
import { connectTestEditor } from '../../../src/machines/testEditor.connect';
import { deferred, MemoryStorage } from '../support/fakes';

function detail(id: number, overrides: Partial<TestDetail> = {}): TestDetail {
  return {
    id,
    filial: 2,
    title: 'Ingliz tili A1',
    kind: 'placement',
    subject: { id: 1, name: 'Ingliz tili' },
    level: { id: 4, name: 'A1' },
    duration_minutes: 40,
    is_archived: false,
    question_count: 1,
    max_score: 2,
    created_at: '2026-11-23T10:00:00+05:00',
    questions: [{ id: 9, position: 1, text: 'I ___ a student', points: 2, options: [{ text: 'am', is_correct: true }, { text: 'is', is_correct: false }] }],
    ...overrides,
  };
}

type Fakes = {
  load?: (input: { id: number }) => Promise<TestDetail>;
  save?: (input: { id: number | null; body: TestBody }) => Promise<TestDetail>;
  storage?: MemoryStorage;
  testId?: number | null;
  filial?: number | null;
};

function start(fakes: Fakes = {}) {
  const storage = fakes.storage ?? new MemoryStorage();
  const load = vi.fn(fakes.load ?? (async ({ id }: { id: number }) => detail(id)));
  const save = vi.fn(fakes.save ?? (async ({ id }: { id: number | null }) => detail(id ?? 77)));
  const navigate = vi.fn();
  const logic = testEditorMachine.provide({
    actors: { loadTest: fromPromise(({ input }) => load(input)), saveTest: fromPromise(({ input }) => save(input)) },
    actions: { navigate: (_, params) => navigate(params) },
  });
  const actor = createActor(logic, { input: { testId: fakes.testId ?? null, filial: fakes.filial === undefined ? 2 : fakes.filial, storage } }).start();
  const toasts: string[] = [];
  actor.on('toast.show', (e) => toasts.push(`${e.severity}:${e.message}`));
  actor.on('issues.shown', () => toasts.push('issues.shown'));
  const send = (...events: TestEditorEvent[]) => events.forEach((e) => actor.send(e));
  return { actor, storage, load, save, navigate, toasts, send, status: () => connectTestEditor(actor.getSnapshot()).saveStatus };
}

/** Fills a new test so the contract accepts it. */
const fillValid: TestEditorEvent[] = [
  { type: 'settings.change', patch: { title: 'Matematika kirish testi', subject: 3 } },
  { type: 'question.change', index: 0, patch: { text: '2 + 2 = ?' } },
  { type: 'option.change', question: 0, option: 0, patch: { text: '4', is_correct: true } },
  { type: 'option.change', question: 0, option: 1, patch: { text: '5' } },
];

describe('test editor machine', () => {
  it('starts a new test at once, clean, with one empty question', () => {
    const { actor, load, status } = start();
    expect(actor.getSnapshot().matches({ ready: { form: 'editing', leave: 'idle' } })).toBe(true);
    expect(status()).toBe('clean');
    expect(actor.getSnapshot().context.draft.questions).toHaveLength(1);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads an existing test, then edits make it dirty and are kept in storage under its id', async () => {
    const answer = deferred<TestDetail>();
    const { actor, storage, status, send } = start({ testId: 5, load: () => answer.promise });
    expect(status()).toBe('loading');
    answer.resolve(detail(5));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.draft.title).toBe('Ingliz tili A1');
    expect(actor.getSnapshot().context.draft.questions[0].points).toBe('2');
    expect(status()).toBe('clean');
    send({ type: 'settings.change', patch: { title: 'Ingliz tili A2' } });
    expect(status()).toBe('dirty');
    expect(readStoredDraft(storage, 5)?.title).toBe('Ingliz tili A2');
    // Undoing the change drops the kept copy.
    send({ type: 'settings.change', patch: { title: 'Ingliz tili A1' } });
    expect(status()).toBe('clean');
    expect(storage.getItem(draftStorageKey(5))).toBeNull();
  });

  it('a failed load can be retried', async () => {
    let calls = 0;
    const { actor, send, status } = start({ testId: 5, load: async (input) => (++calls === 1 ? Promise.reject(new ApiError(404, 'Not found')) : detail(input.id)) });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(status()).toBe('loadFailed');
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'notFound', detail: 'Not found' });
    send({ type: 'test.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('restores the kept draft of a new test after a reload', () => {
    const first = start();
    first.send({ type: 'settings.change', patch: { title: 'Yarim tayyor' } }, { type: 'question.add' });
    first.actor.stop();
    const second = start({ storage: first.storage });
    expect(second.actor.getSnapshot().context.draft.title).toBe('Yarim tayyor');
    expect(second.actor.getSnapshot().context.draft.questions).toHaveLength(2);
    expect(second.actor.getSnapshot().context.restored).toBe(true);
    expect(second.status()).toBe('dirty');
  });

  it('restores the kept draft of an existing test over the loaded one; draft.discard goes back to the server copy', async () => {
    const storage = new MemoryStorage();
    const first = start({ testId: 5, storage });
    await waitFor(first.actor, (s) => s.matches('ready'));
    first.send({ type: 'question.add' });
    first.actor.stop();
    const second = start({ testId: 5, storage });
    await waitFor(second.actor, (s) => s.matches('ready'));
    expect(second.actor.getSnapshot().context.draft.questions).toHaveLength(2);
    expect(second.actor.getSnapshot().context.restored).toBe(true);
    second.send({ type: 'draft.discard' });
    expect(second.actor.getSnapshot().context.draft.questions).toHaveLength(1);
    expect(second.status()).toBe('clean');
    expect(storage.getItem(draftStorageKey(5))).toBeNull();
  });

  it('refuses to save a draft the contract rejects and shows issues by path, which follow the edits', () => {
    const { actor, send, save, status, toasts } = start();
    send(
      { type: 'settings.change', patch: { title: 'Test', subject: 3 } },
      { type: 'question.change', index: 0, patch: { text: 'Savol' } },
      { type: 'option.change', question: 0, option: 0, patch: { text: 'a' } },
      { type: 'option.change', question: 0, option: 1, patch: { text: 'b' } },
      { type: 'test.save' },
    );
    expect(status()).toBe('invalid');
    expect(save).not.toHaveBeenCalled();
    expect(toasts).toEqual(['error:tests.toast.invalid', 'issues.shown']);
    const issues = actor.getSnapshot().context.issues;
    expect(Object.keys(issues)).toEqual(['questions.0.options']);
    expect(issues['questions.0.options'][0]).toMatchObject({ code: 'custom' });
    // Marking a correct option clears the message at once and leaves `invalid`.
    send({ type: 'option.change', question: 0, option: 1, patch: { is_correct: true } });
    expect(actor.getSnapshot().context.issues).toEqual({});
    expect(status()).toBe('dirty');
  });

  it('keeps showing the issues left while others are fixed', () => {
    const { actor, send } = start();
    send({ type: 'test.save' });
    expect(Object.keys(actor.getSnapshot().context.issues).sort()).toEqual(
      ['questions.0.options', 'questions.0.options.0.text', 'questions.0.options.1.text', 'questions.0.text', 'subject', 'title'].sort(),
    );
    send({ type: 'settings.change', patch: { title: 'Nomi bor' } });
    expect(actor.getSnapshot().matches({ ready: { form: 'invalid' } })).toBe(true);
    expect(actor.getSnapshot().context.issues.title).toBeUndefined();
  });

  it('without a branch the save names the branch', () => {
    const { actor, send } = start({ filial: null });
    send(...fillValid, { type: 'test.save' });
    expect(Object.keys(actor.getSnapshot().context.issues)).toEqual(['filial']);
  });

  it('the branch may become known after the page opened', () => {
    const { actor, send } = start({ filial: null });
    send(...fillValid, { type: 'branch.set', id: 3 }, { type: 'test.save' });
    expect(actor.getSnapshot().matches({ ready: { form: 'saving' } })).toBe(true);
  });

  it('an existing test is saved into its own branch, whatever branch is chosen', async () => {
    const { actor, send, save } = start({ testId: 5, filial: 1, load: async (input) => detail(input.id, { filial: 2 }) });
    await waitFor(actor, (s) => s.matches('ready'));
    send({ type: 'branch.set', id: 3 }, { type: 'question.change', index: 0, patch: { points: '4' } }, { type: 'test.save' });
    await waitFor(actor, (s) => s.matches({ ready: { form: 'saved' } }));
    expect(save.mock.calls[0][0]).toMatchObject({ id: 5, body: { filial: 2 } });
    // A new test after it takes the chosen branch.
    send({ type: 'test.open', id: null });
    expect(actor.getSnapshot().context.filial).toBe(3);
  });

  it('saves a new test with POST semantics (no id), then follows its id in the URL and drops the kept copy', async () => {
    const answer = deferred<TestDetail>();
    const { actor, send, save, navigate, storage, status, toasts } = start({ save: () => answer.promise });
    send(...fillValid);
    expect(storage.getItem(draftStorageKey(null))).not.toBeNull();
    send({ type: 'test.save' });
    expect(status()).toBe('saving');
    const sent = save.mock.calls[0][0];
    expect(sent.id).toBeNull();
    expect(sent.body).toMatchObject({
      filial: 2,
      title: 'Matematika kirish testi',
      kind: 'placement',
      subject: 3,
      level: null,
      duration_minutes: 30,
      questions: [{ text: '2 + 2 = ?', points: 1, options: [{ text: '4', is_correct: true }, { text: '5', is_correct: false }] }],
    });
    answer.resolve(detail(77));
    await waitFor(actor, (s) => s.matches({ ready: { form: 'saved' } }));
    expect(actor.getSnapshot().context.testId).toBe(77);
    expect(status()).toBe('saved');
    expect(navigate).toHaveBeenCalledWith({ to: '/edu/test/create?id=77', replace: true });
    expect(storage.getItem(draftStorageKey(null))).toBeNull();
    expect(storage.getItem(draftStorageKey(77))).toBeNull();
    expect(toasts).toEqual(['success:tests.toast.saved']);
    // The URL now names it: opening the same id is nothing new.
    send({ type: 'test.open', id: 77 });
    expect(actor.getSnapshot().matches({ ready: { form: 'saved' } })).toBe(true);
    // A second save is a PUT of the same test.
    send({ type: 'question.change', index: 0, patch: { points: '3' } }, { type: 'test.save' });
    await waitFor(actor, (s) => s.matches({ ready: { form: 'saved' } }));
    expect(save.mock.calls[1][0]).toMatchObject({ id: 77, body: { questions: [{ points: 3 }] } });
  });

  it('edits made while saving are kept and stay unsaved', async () => {
    const answer = deferred<TestDetail>();
    const { actor, send, storage, status } = start({ save: () => answer.promise });
    send(...fillValid, { type: 'test.save' });
    send({ type: 'settings.change', patch: { title: 'Keyin o‘zgardi' } });
    expect(status()).toBe('saving');
    answer.resolve(detail(78));
    await waitFor(actor, (s) => s.matches({ ready: { form: 'saved' } }));
    expect(actor.getSnapshot().context.draft.title).toBe('Keyin o‘zgardi');
    expect(status()).toBe('dirty');
    expect(readStoredDraft(storage, 78)?.title).toBe('Keyin o‘zgardi');
  });

  it('maps a 400 with fields onto the same paths and stays editable', async () => {
    const { actor, send, status, toasts } = start({
      save: () => Promise.reject(new ApiError(400, undefined, { 'questions.0.options': ['Kamida bitta to‘g‘ri javob'], subject: ['Fan topilmadi'] })),
    });
    send(...fillValid, { type: 'test.save' });
    await waitFor(actor, (s) => s.matches({ ready: { form: 'invalid' } }));
    expect(status()).toBe('invalid');
    expect(actor.getSnapshot().context.issues).toEqual({
      'questions.0.options': [{ message: 'Kamida bitta to‘g‘ri javob' }],
      subject: [{ message: 'Fan topilmadi' }],
    });
    expect(toasts).toEqual(['error:tests.toast.invalid', 'issues.shown']);
  });

  it('any other failure → failed, kept draft stays, and saving again works', async () => {
    let calls = 0;
    const { actor, send, storage, status, toasts } = start({
      save: async () => (++calls === 1 ? Promise.reject(new ApiError(500)) : detail(80)),
    });
    send(...fillValid, { type: 'test.save' });
    await waitFor(actor, (s) => s.matches({ ready: { form: 'failed' } }));
    expect(status()).toBe('failed');
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'server', detail: undefined });
    expect(storage.getItem(draftStorageKey(null))).not.toBeNull();
    expect(toasts).toEqual(['error:tests.toast.saveFailed']);
    send({ type: 'test.save' });
    await waitFor(actor, (s) => s.matches({ ready: { form: 'saved' } }));
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('a test students have taken is saved as a new one on request', async () => {
    const storage = new MemoryStorage();
    const { actor, send, save, navigate } = start({
      testId: 5,
      storage,
      save: async ({ id }) => (id === 5 ? Promise.reject(new ApiError(409, 'Students have taken this test')) : detail(90)),
    });
    await waitFor(actor, (s) => s.matches('ready'));
    send({ type: 'test.saveAsNew' }); // only after such a refusal
    expect(actor.getSnapshot().matches({ ready: { form: 'editing' } })).toBe(true);
    send({ type: 'settings.change', patch: { title: 'Yangi nusxa' } }, { type: 'test.save' });
    await waitFor(actor, (s) => s.matches({ ready: { form: 'failed' } }));
    expect(actor.getSnapshot().context.failure?.kind).toBe('conflict');
    send({ type: 'test.saveAsNew' });
    await waitFor(actor, (s) => s.matches({ ready: { form: 'saved' } }));
    expect(save.mock.calls.map((c) => c[0].id)).toEqual([5, null]);
    expect(save.mock.calls[1][0].body).toMatchObject({ title: 'Yangi nusxa', filial: 2 });
    expect(actor.getSnapshot().context.testId).toBe(90);
    expect(navigate).toHaveBeenLastCalledWith({ to: '/edu/test/create?id=90', replace: true });
    expect(storage.getItem(draftStorageKey(5))).toBeNull();
    expect(storage.getItem(draftStorageKey(null))).toBeNull();
  });

  it('leaving without changes just goes', () => {
    const { send, navigate, actor } = start();
    send({ type: 'leave.request', to: '/students/testing' });
    expect(navigate).toHaveBeenCalledWith({ to: '/students/testing' });
    expect(connectTestEditor(actor.getSnapshot()).confirmingLeave).toBe(false);
  });

  it('leaving with unsaved changes asks; cancel stays, confirm drops the kept copy and goes', () => {
    const { send, navigate, actor, storage } = start();
    send({ type: 'settings.change', patch: { title: 'Yarim' } });
    expect(connectTestEditor(actor.getSnapshot()).dirty).toBe(true);
    send({ type: 'leave.request', to: '/' });
    expect(connectTestEditor(actor.getSnapshot()).confirmingLeave).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    send({ type: 'leave.cancel' });
    expect(connectTestEditor(actor.getSnapshot()).confirmingLeave).toBe(false);
    expect(actor.getSnapshot().context.draft.title).toBe('Yarim');
    send({ type: 'leave.request', to: '/edu/test/create?id=3' }, { type: 'leave.confirm' });
    expect(navigate).toHaveBeenCalledWith({ to: '/edu/test/create?id=3' });
    expect(storage.getItem(draftStorageKey(null))).toBeNull();
  });

  it('leaving while a test is still loading goes at once', () => {
    const { send, navigate } = start({ testId: 5, load: () => new Promise(() => {}) });
    send({ type: 'leave.request', to: '/' });
    expect(navigate).toHaveBeenCalledWith({ to: '/' });
  });

  it('test.open switches to another test (or a new one) and loads it', async () => {
    const { actor, send, load } = start({ testId: 5 });
    await waitFor(actor, (s) => s.matches('ready'));
    send({ type: 'test.open', id: 6 });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(load.mock.calls.map((c) => c[0].id)).toEqual([5, 6]);
    send({ type: 'test.open', id: null });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.testId).toBeNull();
    expect(actor.getSnapshot().context.draft.title).toBe('');
  });

  it('question and option edits follow the contract limits', () => {
    const { actor, send } = start();
    const draft = (): TestDraft => actor.getSnapshot().context.draft;
    send({ type: 'question.remove', index: 0 });
    expect(draft().questions).toHaveLength(1); // never fewer than one
    send({ type: 'option.remove', question: 0, option: 0 });
    expect(draft().questions[0].options).toHaveLength(2); // never fewer than two
    for (let i = 0; i < 6; i++) send({ type: 'option.add', question: 0 });
    expect(draft().questions[0].options).toHaveLength(6); // never more than six
    send({ type: 'question.change', index: 0, patch: { text: 'birinchi' } }, { type: 'question.duplicate', index: 0 }, { type: 'question.add' });
    expect(draft().questions.map((q) => q.text)).toEqual(['birinchi', 'birinchi', '']);
    send({ type: 'question.move', from: 2, to: 0 });
    expect(draft().questions.map((q) => q.text)).toEqual(['', 'birinchi', 'birinchi']);
  });
});
