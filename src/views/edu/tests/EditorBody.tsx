import { useSelector } from '@xstate/react';
import { css, cx } from 'styled-system/css';
import { useT } from '../../../i18n';
import type { EditorFailure } from '../../../machines/testEditor';
import { connectTestEditor } from '../../../machines/testEditor.connect';
import { Button } from '../../../ui/Button';
import { useEditor } from './editorContext';
import { issueText } from './issueText';
import { PreviewView } from './PreviewView';
import { QuestionList } from './QuestionList';
import { SettingsCard } from './SettingsCard';
import { banner, dangerBanner, infoBanner } from './styles';

const failureKey = (failure: EditorFailure) => `tests.errors.${failure.kind}`;

/** What the main column shows: the loading or failed state, the editor, or the student's view. */
export function EditorBody({ mode }: { mode: 'edit' | 'preview' }) {
  const { t } = useT();
  const editor = useEditor();
  const phase = useSelector(editor, (s) => connectTestEditor(s).phase);
  const failure = useSelector(editor, (s) => connectTestEditor(s).failure);

  if (phase === 'loading') {
    return (
      <p className={css({ color: 'fg.muted', py: '10', textAlign: 'center' })} aria-busy="true">
        {t('tests.status.loading')}
      </p>
    );
  }
  if (phase === 'loadFailed') {
    return (
      <div className={cx(banner, dangerBanner)} role="alert">
        <span className={css({ flex: '1' })}>{failure ? t(failureKey(failure)) : t('tests.errors.server')}</span>
        <Button variant="outline" size="sm" onClick={() => editor.send({ type: 'test.retry' })}>
          {t('common.actions.retry')}
        </Button>
      </div>
    );
  }
  return mode === 'preview' ? <PreviewView /> : <Editor />;
}

function Editor() {
  const { t } = useT();
  const editor = useEditor();
  const restored = useSelector(editor, (s) => connectTestEditor(s).restored);
  const failed = useSelector(editor, (s) => connectTestEditor(s).saveFailure);
  const invalid = useSelector(editor, (s) => connectTestEditor(s).invalid);
  const issues = useSelector(editor, (s) => connectTestEditor(s).issues);
  // Issues that belong to no field on screen: the branch, or the body as a whole.
  const general = [issueText(issues, 'filial', t) && t('tests.errors.noBranch'), issueText(issues, 'non_field_errors', t)].filter(Boolean);

  return (
    <>
      {restored ? (
        <div className={cx(banner, infoBanner)} role="status" data-testid="draft-restored">
          <span className={css({ flex: '1' })}>{t('tests.restored.text')}</span>
          <Button variant="outline" size="sm" onClick={() => editor.send({ type: 'draft.discard' })}>
            {t('tests.restored.discard')}
          </Button>
        </div>
      ) : null}
      {failed ? (
        <div className={cx(banner, dangerBanner)} role="alert" data-testid="save-failed">
          <p className={css({ flex: '1', minW: '60' })}>
            <strong>{t('tests.errors.saveFailed')}</strong> {t(failureKey(failed))}
          </p>
          {failed.kind === 'conflict' ? (
            <Button size="sm" onClick={() => editor.send({ type: 'test.saveAsNew' })}>
              {t('tests.errors.saveAsNew')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {invalid ? (
        <div className={cx(banner, dangerBanner)} role="alert" data-testid="invalid-banner">
          <div>
            <p>{t('tests.errors.fixBelow')}</p>
            {general.map((text) => (
              <p key={text as string} className={css({ fontWeight: 'medium' })}>
                {text}
              </p>
            ))}
          </div>
        </div>
      ) : null}
      <SettingsCard />
      <QuestionList />
    </>
  );
}
