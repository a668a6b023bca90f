import { useSelector } from '@xstate/react';
import { useMachineActor } from '../../../app/useMachineActor';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { queryId } from '../../../../contract/common';
import { useActors, useReadablePages } from '../../../app/hooks';
import { useCurrentBranch } from '../../../app/useBranch';
import { useT } from '../../../i18n';
import { testEditorMachine } from '../../../machines/testEditor';
import { connectTestEditor } from '../../../machines/testEditor.connect';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EditorBody } from './EditorBody';
import { EditorContext } from './editorContext';
import { TestListPanel, TestListSheet } from './TestList';
import { TopBar } from './TopBar';

const root = css({ minH: '100dvh', bg: 'bg.canvas', display: 'flex', flexDirection: 'column' });
const columns = css({ flex: '1', display: 'grid', gridTemplateColumns: { base: '1fr', lg: '320px minmax(0, 1fr)' } });
const side = css({
  display: { base: 'none', lg: 'block' },
  position: 'sticky',
  top: '14',
  h: 'calc(100dvh - token(sizes.14))',
  overflowY: 'auto',
  bg: 'bg.surface',
  borderEndWidth: '1px',
  borderColor: 'border.default',
});
const main = css({ w: 'full', maxW: '880px', mx: 'auto', px: { base: '3', sm: '4', md: '6' }, pt: { base: '4', md: '6' }, pb: '24' });

function idFromSearch(search: string): number | null {
  const parsed = queryId.safeParse(new URLSearchParams(search).get('id') ?? undefined);
  return parsed.success ? (parsed.data ?? null) : null;
}

/** Scrolls the first field with an error (or a question's missing-correct-answer note) into view, once painted. */
function revealFirstIssue() {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>('[data-testid=test-editor] :is([aria-invalid=true], [data-testid=options-error])');
    if (!first) return;
    first.scrollIntoView({ block: 'center', behavior: 'smooth' });
    if (first.matches('input, textarea, select')) first.focus({ preventScroll: true });
  });
}

/**
 * /edu/test/create: the full-screen test editor (no sidebar or header, spec section 2). `?id=` opens a test of
 * the branch; without it a new one. The flow lives in the testEditor statechart; this page wires it to the URL,
 * the branch, the toasts and the browser's unload prompt.
 */
export default function TestCreatePage() {
  const { t } = useT();
  const { toast } = useActors();
  const readable = useReadablePages();
  const branch = useCurrentBranch();
  const id = idFromSearch(useSearch());
  const editor = useMachineActor(testEditorMachine, { input: { testId: id, filial: branch } });
  const dirty = useSelector(editor, (s) => connectTestEditor(s).dirty);
  const confirmingLeave = useSelector(editor, (s) => connectTestEditor(s).confirmingLeave);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [listOpen, setListOpen] = useState(false);
  const backHref = readable.has('testing_students') ? '/students/testing' : '/';

  // The URL and the branch are the machine's inputs; it ignores values it already has.
  useEffect(() => editor.send({ type: 'test.open', id }), [editor, id]);
  useEffect(() => editor.send({ type: 'branch.set', id: branch }), [editor, branch]);
  useEffect(() => {
    const subscriptions = [editor.on('toast.show', (request) => toast.send(request)), editor.on('issues.shown', revealFirstIssue)];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [editor, toast]);
  // Another test opened: show its questions, not the previous one's preview.
  // biome-ignore lint/correctness/useExhaustiveDependencies: another test opened resets the mode
  useEffect(() => setMode('edit'), [id]);

  useEffect(() => {
    if (!dirty) return;
    // The browser asks before a reload or closing the tab; the draft is kept in localStorage either way.
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    addEventListener('beforeunload', onBeforeUnload);
    return () => removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        editor.send({ type: 'test.save' });
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [editor]);

  const open = (to: string) => {
    setListOpen(false);
    editor.send({ type: 'leave.request', to });
  };

  return (
    <EditorContext.Provider value={editor}>
      <div className={root} data-testid="test-editor">
        <TopBar backHref={backHref} mode={mode} onModeChange={setMode} onOpenList={() => setListOpen(true)} />
        <div className={columns}>
          <aside className={side} aria-label={t('tests.list.heading')}>
            <TestListPanel currentId={id} onOpen={open} />
          </aside>
          <main className={main}>
            <EditorBody mode={mode} />
          </main>
        </div>
        <TestListSheet open={listOpen} onClose={() => setListOpen(false)} currentId={id} onOpen={open} />
        <ConfirmDialog
          open={confirmingLeave}
          title={t('tests.leave.title')}
          description={t('tests.leave.description')}
          cancelLabel={t('tests.leave.stay')}
          confirmLabel={t('tests.leave.leave')}
          tone="danger"
          onCancel={() => editor.send({ type: 'leave.cancel' })}
          onConfirm={() => editor.send({ type: 'leave.confirm' })}
        />
      </div>
    </EditorContext.Provider>
  );
}
