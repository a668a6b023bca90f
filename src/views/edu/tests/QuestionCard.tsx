import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, Copy, GripVertical, Plus, Trash2, X } from 'lucide-react';
import { memo, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { MAX_OPTIONS, MIN_OPTIONS } from '../../../../contract/placementTests';
import { useT } from '../../../i18n';
import type { DraftQuestion, IssuesByPath } from '../../../machines/testDraft';
import { inputStyle } from '../../../ui/Field';
import { dragHandle } from '../../../ui/sortable';
import { useEditor } from './editorContext';
import { hasIssueUnder, issueText } from './issueText';
import { dangerIconButton, errorText, fieldLabel, iconButton, LETTERS, requiredMark, textareaStyle } from './styles';

const card = css({
  position: 'relative',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'card',
  boxShadow: 'card',
  p: { base: '3', sm: '4' },
  '&[data-invalid=true]': { borderColor: 'danger.default' },
  '&[data-dragging=true]': { zIndex: 'docked', boxShadow: 'popover', borderColor: 'accent.default' },
});
const head = css({ display: 'flex', alignItems: 'center', gap: '1', mb: '3' });
const handle = cx(dragHandle, css({ h: '9', ms: '-1' }));
const number = css({ fontWeight: 'semibold', fontSize: 'sm', flex: '1', minW: '0' });
const pointsBox = css({ display: 'flex', alignItems: 'center', gap: '2', mt: '3' });
const pointsInput = css({ w: '20', h: '9' });
const optionRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  p: '1.5',
  ps: '2',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'transparent',
  '&[data-correct=true]': { bg: 'success.subtle', borderColor: 'success.subtle' },
});
const correctLabel = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  flexShrink: 0,
  fontSize: 'xs',
  fontWeight: 'medium',
  color: 'fg.muted',
  cursor: 'pointer',
  '& input': { w: '4.5', h: '4.5', accentColor: 'token(colors.success.default)', cursor: 'pointer' },
});
const letter = css({ w: '5', textAlign: 'center', fontWeight: 'semibold', color: 'fg.muted', flexShrink: 0, fontSize: 'sm' });
const optionInput = css({ h: '9', flex: '1', minW: '0' });
const addOption = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  mt: '2',
  px: '2',
  h: '8',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'accent.fg',
  borderRadius: 'control',
  cursor: 'pointer',
  _hover: { _enabled: { bg: 'accent.subtle' } },
  _disabled: { color: 'fg.subtle', cursor: 'not-allowed' },
});

type QuestionCardProps = {
  question: DraftQuestion;
  index: number;
  count: number;
  issues: IssuesByPath;
  onDuplicate: (index: number) => void;
};

/** One question: its text, points and 2–6 options, each with a "correct" box; errors show where they are. */
export const QuestionCard = memo(function QuestionCard({ question, index, count, issues, onDuplicate }: QuestionCardProps) {
  const { t } = useT();
  const editor = useEditor();
  const id = useId();
  const optionsRef = useRef<HTMLDivElement>(null);
  const focusOption = useRef<number | null>(null);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: question.key });
  const path = `questions.${index}`;
  const n = index + 1;
  const optionCount = question.options.length;
  const textError = issueText(issues, `${path}.text`, t);
  const pointsError = issueText(issues, `${path}.points`, t);
  const optionsError = issueText(issues, `${path}.options`, t);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focuses the option added or removed, so it runs when their count changes
  useEffect(() => {
    if (focusOption.current === null) return;
    optionsRef.current?.querySelectorAll<HTMLInputElement>('[data-option-input]')[focusOption.current]?.focus();
    focusOption.current = null;
  }, [optionCount]);

  /** Enter moves to the next option, adding one after the last while there is room. */
  const onOptionKey = (e: KeyboardEvent<HTMLInputElement>, option: number) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (option + 1 < optionCount) {
      optionsRef.current?.querySelectorAll<HTMLInputElement>('[data-option-input]')[option + 1]?.focus();
    } else if (optionCount < MAX_OPTIONS) {
      focusOption.current = option + 1;
      editor.send({ type: 'option.add', question: index });
    }
  };
  const addAnOption = () => {
    focusOption.current = optionCount;
    editor.send({ type: 'option.add', question: index });
  };

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={card}
      data-invalid={hasIssueUnder(issues, path)}
      data-dragging={isDragging}
      data-testid="question"
      aria-labelledby={`${id}-n`}
    >
      <div className={head}>
        <button type="button" ref={setActivatorNodeRef} className={handle} {...attributes} {...listeners} aria-label={t('tests.questions.drag', { n })}>
          <GripVertical size={16} aria-hidden="true" />
        </button>
        <h3 id={`${id}-n`} className={number}>
          {t('tests.questions.number', { n })}
        </h3>
        <button type="button" className={iconButton} disabled={index === 0} onClick={() => editor.send({ type: 'question.move', from: index, to: index - 1 })} aria-label={t('tests.questions.moveUp')} title={t('tests.questions.moveUp')}>
          <ArrowUp size={16} aria-hidden="true" />
        </button>
        <button type="button" className={iconButton} disabled={index === count - 1} onClick={() => editor.send({ type: 'question.move', from: index, to: index + 1 })} aria-label={t('tests.questions.moveDown')} title={t('tests.questions.moveDown')}>
          <ArrowDown size={16} aria-hidden="true" />
        </button>
        <button type="button" className={iconButton} onClick={() => onDuplicate(index)} aria-label={t('tests.questions.duplicate')} title={t('tests.questions.duplicate')}>
          <Copy size={16} aria-hidden="true" />
        </button>
        <button type="button" className={cx(iconButton, dangerIconButton)} disabled={count <= 1} onClick={() => editor.send({ type: 'question.remove', index })} aria-label={t('tests.questions.remove')} title={t('tests.questions.remove')}>
          <Trash2 size={16} aria-hidden="true" />
        </button>
      </div>

      <label htmlFor={`${id}-text`} className={fieldLabel}>
        {t('tests.questions.text')}
        <span className={requiredMark} aria-hidden="true">
          *
        </span>
      </label>
      <textarea
        id={`${id}-text`}
        data-question-text
        className={textareaStyle}
        rows={2}
        maxLength={2000}
        placeholder={t('tests.questions.textPlaceholder')}
        value={question.text}
        aria-invalid={textError ? true : undefined}
        aria-describedby={textError ? `${id}-text-error` : undefined}
        aria-required
        onChange={(e) => editor.send({ type: 'question.change', index, patch: { text: e.target.value } })}
      />
      {textError ? (
        <p id={`${id}-text-error`} className={errorText}>
          {textError}
        </p>
      ) : null}

      <fieldset className={css({ mt: '3' })} aria-describedby={optionsError ? `${id}-options-error` : `${id}-options-hint`}>
        <legend className={fieldLabel}>{t('tests.questions.options')}</legend>
        <p id={`${id}-options-hint`} className={css({ fontSize: 'xs', color: 'fg.muted', mt: '-1', mb: '2' })}>
          {t('tests.questions.optionsHint')}
        </p>
        <div ref={optionsRef} className={css({ display: 'grid', gap: '1' })}>
          {question.options.map((option, o) => {
            const letterText = LETTERS[o];
            const optionError = issueText(issues, `${path}.options.${o}.text`, t);
            return (
              <div key={option.key}>
                <div className={optionRow} data-correct={option.is_correct} data-testid="option">
                  <label className={correctLabel} title={t('tests.questions.markCorrect', { letter: letterText })}>
                    <input
                      type="checkbox"
                      checked={option.is_correct}
                      aria-label={t('tests.questions.markCorrect', { letter: letterText })}
                      onChange={(e) => editor.send({ type: 'option.change', question: index, option: o, patch: { is_correct: e.target.checked } })}
                    />
                    <span className={css({ display: { base: 'none', sm: 'inline' } })} aria-hidden="true">
                      {t('tests.questions.correct')}
                    </span>
                  </label>
                  <span className={letter} aria-hidden="true">
                    {letterText}
                  </span>
                  <input
                    data-option-input
                    className={cx(inputStyle, optionInput)}
                    value={option.text}
                    maxLength={500}
                    placeholder={t('tests.questions.optionPlaceholder')}
                    aria-label={t('tests.questions.option', { letter: letterText })}
                    aria-invalid={optionError ? true : undefined}
                    enterKeyHint="next"
                    onKeyDown={(e) => onOptionKey(e, o)}
                    onChange={(e) => editor.send({ type: 'option.change', question: index, option: o, patch: { text: e.target.value } })}
                  />
                  <button
                    type="button"
                    className={cx(iconButton, dangerIconButton)}
                    disabled={optionCount <= MIN_OPTIONS}
                    onClick={() => editor.send({ type: 'option.remove', question: index, option: o })}
                    aria-label={t('tests.questions.removeOption', { letter: letterText })}
                    title={t('tests.questions.removeOption', { letter: letterText })}
                  >
                    <X size={16} aria-hidden="true" />
                  </button>
                </div>
                {optionError ? <p className={cx(errorText, css({ ps: '12' }))}>{optionError}</p> : null}
              </div>
            );
          })}
        </div>
        {optionsError ? (
          <p id={`${id}-options-error`} className={errorText} role="alert" data-testid="options-error">
            {optionsError}
          </p>
        ) : null}
        <button type="button" className={addOption} disabled={optionCount >= MAX_OPTIONS} onClick={addAnOption}>
          <Plus size={16} aria-hidden="true" />
          {t('tests.questions.addOption')}
        </button>
      </fieldset>

      <div className={pointsBox}>
        <label htmlFor={`${id}-points`} className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
          {t('tests.questions.points')}
        </label>
        <input
          id={`${id}-points`}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          className={cx(inputStyle, pointsInput)}
          value={question.points}
          aria-invalid={pointsError ? true : undefined}
          onChange={(e) => editor.send({ type: 'question.change', index, patch: { points: e.target.value } })}
        />
        {pointsError ? <p className={cx(errorText, css({ mt: '0' }))}>{pointsError}</p> : null}
      </div>
    </li>
  );
});
