import { useSelector } from '@xstate/react';
import { ArrowLeft, Eye, List, Pencil, Save } from 'lucide-react';
import { css } from 'styled-system/css';
import { useT } from '../../../i18n';
import { connectTestEditor, type SaveStatus } from '../../../machines/testEditor.connect';
import { Button } from '../../../ui/Button';
import { LanguageSwitch } from '../../common/LanguageSwitch';
import { useEditor } from './editorContext';

const bar = css({
  position: 'sticky',
  top: '0',
  zIndex: 'sticky',
  h: '14',
  display: 'flex',
  alignItems: 'center',
  gap: { base: '1.5', sm: '3' },
  px: { base: '2', sm: '4' },
  bg: 'bg.surface',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
});
const back = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  h: '9',
  px: '2',
  borderRadius: 'control',
  color: 'fg.muted',
  fontSize: 'sm',
  fontWeight: 'medium',
  flexShrink: 0,
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
});
const titleBox = css({ minW: '0', flex: '1', display: 'flex', flexDirection: 'column', lineHeight: '1.25' });
const title = css({ fontSize: { base: 'sm', sm: 'md' }, fontWeight: 'semibold', truncate: true });
const status = css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', fontSize: 'xs', color: 'fg.muted', truncate: true });
const dot = css({
  w: '2',
  h: '2',
  borderRadius: 'full',
  flexShrink: 0,
  bg: 'fg.subtle',
  '&[data-tone=warn]': { bg: '#d97706' },
  '&[data-tone=ok]': { bg: 'success.default' },
  '&[data-tone=bad]': { bg: 'danger.default' },
  '&[data-tone=busy]': { bg: 'accent.default', animation: 'fadeIn 700ms ease-in-out infinite alternate' },
});
const labelOnWide = css({ display: { base: 'none', md: 'inline' } });
const onlyBelowLg = css({ display: { base: 'inline-flex', lg: 'none' } });

const TONES: Record<SaveStatus, 'warn' | 'ok' | 'bad' | 'busy' | 'idle'> = {
  loading: 'busy',
  saving: 'busy',
  loadFailed: 'bad',
  invalid: 'bad',
  failed: 'bad',
  dirty: 'warn',
  saved: 'ok',
  clean: 'idle',
};

type TopBarProps = {
  backHref: string;
  mode: 'edit' | 'preview';
  onModeChange: (mode: 'edit' | 'preview') => void;
  onOpenList: () => void;
};

/** The editor's own slim bar: back, the test's name with its save state, the list (below lg), preview and save. */
export function TopBar({ backHref, mode, onModeChange, onOpenList }: TopBarProps) {
  const { t } = useT();
  const editor = useEditor();
  const saveStatus = useSelector(editor, (s) => connectTestEditor(s).saveStatus);
  const name = useSelector(editor, (s) => connectTestEditor(s).draft.title.trim());
  const isNew = useSelector(editor, (s) => connectTestEditor(s).isNew);
  const ready = saveStatus !== 'loading' && saveStatus !== 'loadFailed';
  const heading = name || (isNew ? t('tests.newTest') : t('tests.untitled'));

  return (
    <header className={bar} data-testid="test-topbar">
      <a
        href={backHref}
        className={back}
        aria-label={t('tests.topBar.back')}
        onClick={(e) => {
          e.preventDefault();
          editor.send({ type: 'leave.request', to: backHref });
        }}
      >
        <ArrowLeft size={18} aria-hidden="true" />
        <span className={labelOnWide}>{t('tests.topBar.back')}</span>
      </a>
      <div className={titleBox}>
        <h1 className={title} title={heading}>
          {heading}
        </h1>
        <span className={status} role="status" data-testid="save-status" data-status={saveStatus}>
          <span className={dot} data-tone={TONES[saveStatus]} aria-hidden="true" />
          {t(`tests.status.${saveStatus}`)}
        </span>
      </div>
      <LanguageSwitch className={css({ display: { base: 'none', md: 'inline-flex' } })} />
      <Button variant="outline" size="sm" className={onlyBelowLg} onClick={onOpenList} aria-label={t('tests.topBar.list')}>
        <List size={16} aria-hidden="true" />
        <span className={labelOnWide}>{t('tests.topBar.list')}</span>
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={!ready}
        aria-pressed={mode === 'preview'}
        aria-label={mode === 'preview' ? t('tests.topBar.edit') : t('tests.topBar.preview')}
        onClick={() => onModeChange(mode === 'preview' ? 'edit' : 'preview')}
        data-testid="preview-toggle"
      >
        {mode === 'preview' ? <Pencil size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
        <span className={labelOnWide}>{mode === 'preview' ? t('tests.topBar.edit') : t('tests.topBar.preview')}</span>
      </Button>
      <Button
        size="sm"
        disabled={!ready || saveStatus === 'saving'}
        onClick={() => editor.send({ type: 'test.save' })}
        title={t('tests.topBar.shortcut')}
        className={css({ flexShrink: 0 })}
        data-testid="save-test"
      >
        <Save size={16} aria-hidden="true" />
        {saveStatus === 'saving' ? t('tests.topBar.saving') : t('tests.topBar.save')}
      </Button>
    </header>
  );
}
