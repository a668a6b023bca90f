import { DndContext, closestCenter, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import { MAX_QUESTIONS } from '../../../../contract/placementTests';
import { useT } from '../../../i18n';
import { questionPoints } from '../../../machines/testDraft.score';
import { connectTestEditor } from '../../../machines/testEditor.connect';
import { Button } from '../../../ui/Button';
import { useDragSensors } from '../../../ui/sortable';
import { useEditor } from './editorContext';
import { issueText } from './issueText';
import { QuestionCard } from './QuestionCard';
import { errorText, sectionTitle } from './styles';

const head = css({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: '2', mt: '6', mb: '3' });
const list = css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' });

/** The questions, reordered with the up/down buttons or by dragging a handle (pointer, touch or keyboard). */
export function QuestionList() {
  const { t } = useT();
  const editor = useEditor();
  const questions = useSelector(editor, (s) => connectTestEditor(s).draft.questions);
  const issues = useSelector(editor, (s) => connectTestEditor(s).issues);
  const listRef = useRef<HTMLOListElement>(null);
  // After adding or duplicating, the new question's text gets the focus (keyboard users keep their place).
  const focusIndex = useRef<number | null>(null);
  const count = questions.length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: focuses the question added or removed, so it runs when their count changes
  useEffect(() => {
    if (focusIndex.current === null) return;
    const target = listRef.current?.querySelectorAll<HTMLTextAreaElement>('[data-question-text]')[focusIndex.current];
    focusIndex.current = null;
    target?.focus();
  }, [count]);

  const sensors = useDragSensors();
  const ids = useMemo(() => questions.map((q) => q.key), [questions]);
  const place = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('tests.questions.dnd.start', { n: place(active.id) }),
    onDragOver: ({ active, over }) => t('tests.questions.dnd.over', { n: place(active.id), to: place(over?.id) }),
    onDragEnd: ({ active, over }) => t('tests.questions.dnd.end', { n: place(active.id), to: place(over?.id) }),
    onDragCancel: () => t('tests.questions.dnd.cancel'),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    editor.send({ type: 'question.move', from: ids.indexOf(String(active.id)), to: ids.indexOf(String(over.id)) });
  };

  const add = () => {
    focusIndex.current = count;
    editor.send({ type: 'question.add' });
  };
  const duplicate = (index: number) => {
    focusIndex.current = index + 1;
    editor.send({ type: 'question.duplicate', index });
  };
  const totalPoints = questions.reduce((sum, q) => sum + questionPoints(q), 0);
  const listError = issueText(issues, 'questions', t);

  return (
    <section aria-labelledby="questions-heading">
      <div className={head}>
        <h2 id="questions-heading" className={sectionTitle}>
          {t('tests.questions.heading')}
        </h2>
        <span className={css({ color: 'fg.muted', fontSize: 'sm' })} data-testid="questions-summary">
          {t('tests.questions.summary', { count, points: totalPoints })}
        </span>
      </div>
      {listError ? <p className={errorText}>{listError}</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('tests.questions.dnd.instructions') } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol ref={listRef} className={list} data-testid="question-list">
            {questions.map((question, index) => (
              <QuestionCard key={question.key} question={question} index={index} count={count} issues={issues} onDuplicate={duplicate} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <Button variant="outline" full className={css({ mt: '3', borderStyle: 'dashed', h: '12' })} onClick={add} disabled={count >= MAX_QUESTIONS} data-testid="add-question">
        <Plus size={18} aria-hidden="true" />
        {count >= MAX_QUESTIONS ? t('tests.questions.limit', { max: MAX_QUESTIONS }) : t('tests.questions.add')}
      </Button>
    </section>
  );
}
