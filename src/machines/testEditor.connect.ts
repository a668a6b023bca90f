// What the test editor's views may show and do, in one selector (zag's connect). A view takes the part it needs,
// `useSelector(editor, (s) => connectTestEditor(s).saveStatus)`, so typing in one question does not re-render the
// parts that show something else.
import type { SnapshotFrom } from 'xstate';
import type { IssuesByPath, TestDraft } from './testDraft';
import type { testEditorMachine } from './testEditor';
import { isDirty, type EditorFailure } from './testEditor.rules';

type Snapshot = SnapshotFrom<typeof testEditorMachine>;

export type SaveStatus = 'loading' | 'loadFailed' | 'saving' | 'invalid' | 'failed' | 'dirty' | 'saved' | 'clean';

export type TestEditorView = {
  phase: 'loading' | 'loadFailed' | 'ready';
  /** What the top bar says about saving. */
  saveStatus: SaveStatus;
  /** Unsaved changes: leaving asks first. */
  dirty: boolean;
  confirmingLeave: boolean;
  draft: TestDraft;
  issues: IssuesByPath;
  /** Why the load or the last save failed. */
  failure: EditorFailure | null;
  /** Why the last save failed (not a refusal with field issues), while the form shows it. */
  saveFailure: EditorFailure | null;
  invalid: boolean;
  /** The draft came from the kept copy, not from the server. */
  restored: boolean;
  isNew: boolean;
  /** The branch the test belongs to, or a new one is saved into. */
  filial: number | null;
};

function saveStatusOf(s: Snapshot): SaveStatus {
  if (s.matches('opening') || s.matches('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches({ ready: { form: 'saving' } })) return 'saving';
  if (s.matches({ ready: { form: 'invalid' } })) return 'invalid';
  if (s.matches({ ready: { form: 'failed' } })) return 'failed';
  if (isDirty(s.context)) return 'dirty';
  return s.matches({ ready: { form: 'saved' } }) ? 'saved' : 'clean';
}

export function connectTestEditor(s: Snapshot): TestEditorView {
  const ready = s.matches('ready');
  return {
    phase: ready ? 'ready' : s.matches('loadFailed') ? 'loadFailed' : 'loading',
    saveStatus: saveStatusOf(s),
    dirty: ready && isDirty(s.context),
    confirmingLeave: s.matches({ ready: { leave: 'confirming' } }),
    draft: s.context.draft,
    issues: s.context.issues,
    failure: s.context.failure,
    saveFailure: s.matches({ ready: { form: 'failed' } }) ? s.context.failure : null,
    invalid: s.matches({ ready: { form: 'invalid' } }),
    restored: s.context.restored,
    isNew: s.context.testId === null,
    filial: s.context.filial,
  };
}
