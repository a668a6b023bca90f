import { useSelector } from '@xstate/react';
import { Check, Clock, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { useT } from '../../../i18n';
import type { DraftQuestion } from '../../../machines/testDraft';
import { answerMode, questionPoints, scoreSitting } from '../../../machines/testDraft.score';
import { connectTestEditor } from '../../../machines/testEditor.connect';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { useEditor } from './editorContext';
import { LETTERS } from './styles';

const meta = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mt: '2', color: 'fg.muted', fontSize: 'sm' });
const questionCard = css({ '&[data-result=right]': { borderColor: 'success.default' }, '&[data-result=wrong]': { borderColor: 'danger.default' } });
const optionLabel = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2.5',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  // Once scored, the marks (right / wrong) replace the "chosen" look.
  '&:not([data-mark]):has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid token(colors.accent.default)', outlineOffset: '2px' },
  '&[data-mark=correct]': { borderColor: 'success.default', bg: 'success.subtle' },
  '&[data-mark=wrong]': { borderColor: 'danger.default', bg: 'danger.subtle' },
  '& input': { w: '4.5', h: '4.5', flexShrink: 0, accentColor: 'token(colors.accent.default)' },
});
const footer = css({
  position: 'sticky',
  bottom: '0',
  mt: '4',
  py: '3',
  px: '4',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: '3',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'card',
  boxShadow: 'popover',
});

/**
 * The test as a student takes it: radio buttons when one option is correct, checkboxes when several are. The
 * score is computed here from the draft (saved or not), so the tester can check a test before using it.
 */
export function PreviewView() {
  const { t } = useT();
  const editor = useEditor();
  const draft = useSelector(editor, (s) => connectTestEditor(s).draft);
  const [answers, setAnswers] = useState<number[][]>(() => draft.questions.map(() => []));
  const [checked, setChecked] = useState(false);
  const result = scoreSitting(draft.questions, answers);
  const answered = answers.filter((a) => a.length > 0).length;

  const choose = (question: number, option: number, mode: 'single' | 'multiple', on: boolean) => {
    setAnswers((all) =>
      all.map((chosen, i) => {
        if (i !== question) return chosen;
        if (mode === 'single') return [option];
        return on ? [...chosen, option].sort((a, b) => a - b) : chosen.filter((o) => o !== option);
      }),
    );
  };
  const reset = () => {
    setAnswers(draft.questions.map(() => []));
    setChecked(false);
  };

  return (
    <div data-testid="test-preview">
      <Card className={css({ mb: '4' })}>
        <p className={css({ fontSize: 'xs', fontWeight: 'semibold', color: 'accent.fg', textTransform: 'uppercase', letterSpacing: 'wide' })}>{t('tests.preview.heading')}</p>
        <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold', mt: '1' })}>{draft.title.trim() || t('tests.untitled')}</h2>
        <div className={meta}>
          <Badge tone="accent">{t(`tests.settings.kinds.${draft.kind}`)}</Badge>
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
            <Clock size={14} aria-hidden="true" />
            {t('tests.preview.minutes', { count: draft.duration || '—' })}
          </span>
          <span>· {t('tests.preview.questionCount', { count: draft.questions.length })}</span>
          <span>· {t('tests.preview.maxScore', { count: result.maxScore })}</span>
        </div>
        <p className={css({ mt: '3', fontSize: 'sm', color: 'fg.muted' })}>{t('tests.preview.intro')}</p>
      </Card>

      <ol className={css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' })}>
        {draft.questions.map((question, q) => (
          <PreviewQuestion
            key={question.key}
            question={question}
            index={q}
            chosen={answers[q] ?? []}
            checked={checked}
            correct={result.perQuestion[q]?.correct ?? false}
            onChoose={choose}
          />
        ))}
      </ol>

      <div className={footer} data-testid="preview-footer">
        {checked ? (
          <p className={css({ fontWeight: 'semibold', fontSize: 'md' })} data-testid="preview-score" role="status">
            {t('tests.preview.score', { score: result.score, max: result.maxScore })}
            <span className={css({ color: 'fg.muted', fontWeight: 'normal', ms: '2' })}>
              {t('tests.preview.percent', { percent: result.maxScore ? Math.round((result.score / result.maxScore) * 100) : 0 })}
            </span>
          </p>
        ) : (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('tests.preview.answered', { count: answered, total: draft.questions.length })}</p>
        )}
        {checked ? (
          <Button variant="outline" onClick={reset}>
            <RotateCcw size={16} aria-hidden="true" />
            {t('tests.preview.again')}
          </Button>
        ) : (
          <Button onClick={() => setChecked(true)} data-testid="preview-check">
            {t('tests.preview.check')}
          </Button>
        )}
      </div>
    </div>
  );
}

type PreviewQuestionProps = {
  question: DraftQuestion;
  index: number;
  chosen: readonly number[];
  checked: boolean;
  correct: boolean;
  onChoose: (question: number, option: number, mode: 'single' | 'multiple', on: boolean) => void;
};

function PreviewQuestion({ question, index, chosen, checked, correct, onChoose }: PreviewQuestionProps) {
  const { t } = useT();
  const mode = answerMode(question);
  const name = `preview-q-${question.key}`;
  return (
    <li>
      <Card className={cx(questionCard, css({ p: { base: '4', md: '5' } }))} data-result={checked ? (correct ? 'right' : 'wrong') : undefined} data-testid="preview-question">
        <fieldset disabled={checked}>
          <legend className={css({ display: 'contents' })}>
            <span className={css({ display: 'flex', alignItems: 'flex-start', gap: '2' })}>
              <span className={css({ fontWeight: 'semibold', flex: '1', whiteSpace: 'pre-wrap' })}>
                {index + 1}. {question.text.trim() || t('tests.preview.noText')}
              </span>
              <Badge>{t('tests.preview.points', { count: questionPoints(question) })}</Badge>
            </span>
          </legend>
          <p className={css({ fontSize: 'xs', color: 'fg.muted', mt: '1', mb: '3' })}>{t(mode === 'single' ? 'tests.preview.single' : 'tests.preview.multiple')}</p>
          <div className={css({ display: 'grid', gap: '2' })}>
            {question.options.map((option, o) => {
              const picked = chosen.includes(o);
              const mark = !checked ? undefined : option.is_correct ? 'correct' : picked ? 'wrong' : undefined;
              return (
                <label key={option.key} className={optionLabel} data-mark={mark}>
                  <input
                    type={mode === 'single' ? 'radio' : 'checkbox'}
                    name={name}
                    checked={picked}
                    onChange={(e) => onChoose(index, o, mode, e.target.checked)}
                  />
                  <span className={css({ fontWeight: 'semibold', color: 'fg.muted' })}>{LETTERS[o]}.</span>
                  <span className={css({ flex: '1' })}>{option.text.trim() || t('tests.preview.noOptionText')}</span>
                  {mark === 'correct' ? (
                    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', color: 'success.default', fontSize: 'xs', fontWeight: 'medium' })}>
                      <Check size={16} aria-hidden="true" />
                      {t('tests.preview.correctAnswer')}
                    </span>
                  ) : mark === 'wrong' ? (
                    <X size={16} className={css({ color: 'danger.default' })} aria-label={t('tests.preview.wrong')} />
                  ) : null}
                </label>
              );
            })}
          </div>
          {checked ? (
            <p className={css({ mt: '3', fontSize: 'sm', fontWeight: 'medium', color: correct ? 'success.default' : 'danger.default' })}>
              {correct ? t('tests.preview.right') : t('tests.preview.wrong')}
            </p>
          ) : null}
        </fieldset>
      </Card>
    </li>
  );
}
