import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { TEST_KINDS } from '../../../../contract/placementTests';
import { useLevels, useSubjectOptions } from '../../../api/catalogue';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { connectBranch } from '../../../machines/branch';
import type { TestSettings } from '../../../machines/testDraft';
import { connectTestEditor } from '../../../machines/testEditor.connect';
import { Card } from '../../../ui/Card';
import { Field } from '../../../ui/Field';
import { Select, type SelectOption } from '../../../ui/Select';
import { useEditor } from './editorContext';
import { issueText } from './issueText';
import { errorText, fieldLabel, requiredMark, sectionTitle } from './styles';

const grid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, mt: '4' });
const wide = css({ gridColumn: { sm: '1 / -1' } });
const segmented = css({ display: 'flex', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'control', overflow: 'hidden', h: '10' });
const segment = css({
  flex: '1',
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  px: '2',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  cursor: 'pointer',
  textAlign: 'center',
  '&:not(:first-of-type)': { borderStartWidth: '1px', borderColor: 'border.default' },
  '&:has(input:checked)': { bg: 'accent.subtle', color: 'accent.fg' },
  '&:has(input:focus-visible)': { outline: '2px solid token(colors.accent.default)', outlineOffset: '-2px' },
});
const readOnly = css({ h: '10', display: 'flex', alignItems: 'center', px: '3', borderRadius: 'control', bg: 'bg.subtle', color: 'fg.muted', fontSize: 'sm' });

const numberOrNull = (value: string) => (value === '' ? null : Number(value));
// A new test starts in its title with a mouse and keyboard; on a phone that would throw the keyboard up at once.
const finePointer = () => typeof matchMedia === 'function' && matchMedia('(pointer: fine)').matches;

/** Title, kind, subject and level, duration, and the branch the test belongs to (the current one). */
export function SettingsCard() {
  const { t } = useT();
  const editor = useEditor();
  const { branch } = useActors();
  const settings = useSelector(editor, (s) => connectTestEditor(s).draft, (a, b) => a.title === b.title && a.kind === b.kind && a.subject === b.subject && a.level === b.level && a.duration === b.duration);
  const issues = useSelector(editor, (s) => connectTestEditor(s).issues);
  const existing = useSelector(editor, (s) => !connectTestEditor(s).isNew);
  const filial = useSelector(editor, (s) => connectTestEditor(s).filial);
  const branchName = useSelector(branch, (s) => connectBranch(s).branchOptions).find((b) => b.id === filial)?.name;
  const subjects = useSubjectOptions();
  const levels = useLevels(settings.subject);
  const change = (patch: Partial<TestSettings>) => editor.send({ type: 'settings.change', patch });

  const subjectOptions: SelectOption[] = (subjects.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  // An existing test may name a subject or level archived since; keep it choosable rather than blank.
  if (settings.subject !== null && subjects.data && !subjects.data.some((s) => s.id === settings.subject)) {
    subjectOptions.unshift({ value: settings.subject, label: t('tests.settings.missingSubject') });
  }
  const levelOptions: SelectOption[] = (levels.data ?? []).map((l) => ({ value: l.id, label: l.name }));
  if (settings.level !== null && levels.data && !levels.data.some((l) => l.id === settings.level)) {
    levelOptions.unshift({ value: settings.level, label: `#${settings.level}` });
  }
  const kindError = issueText(issues, 'kind', t);

  return (
    <Card data-testid="test-settings">
      <h2 className={sectionTitle}>{t('tests.settings.heading')}</h2>
      <div className={grid}>
        <Field
          className={wide}
          label={t('tests.settings.title')}
          required
          name="title"
          placeholder={t('tests.settings.titlePlaceholder')}
          value={settings.title}
          maxLength={200}
          autoFocus={!existing && finePointer()}
          onChange={(e) => change({ title: e.target.value })}
          error={issueText(issues, 'title', t)}
        />
        <fieldset className={wide}>
          <legend className={fieldLabel}>
            {t('tests.settings.kind')}
            <span className={requiredMark} aria-hidden="true">
              *
            </span>
          </legend>
          <div className={segmented}>
            {TEST_KINDS.map((kind) => (
              <label key={kind} className={segment}>
                <input
                  type="radio"
                  name="kind"
                  value={kind}
                  checked={settings.kind === kind}
                  onChange={() => change({ kind })}
                  className={css({ srOnly: true })}
                />
                {t(`tests.settings.kinds.${kind}`)}
              </label>
            ))}
          </div>
          {kindError ? <p className={errorText}>{kindError}</p> : null}
        </fieldset>
        <Select
          label={t('tests.settings.subject')}
          required
          name="subject"
          placeholder={t('tests.settings.subjectPlaceholder')}
          options={subjectOptions}
          value={settings.subject ?? ''}
          onChange={(e) => change({ subject: numberOrNull(e.target.value) })}
          error={issueText(issues, 'subject', t)}
        />
        <Select
          label={t('tests.settings.level')}
          name="level"
          placeholder={t('tests.settings.levelNone')}
          options={levelOptions}
          value={settings.level ?? ''}
          disabled={settings.subject === null}
          onChange={(e) => change({ level: numberOrNull(e.target.value) })}
          error={issueText(issues, 'level', t)}
        />
        <Field
          label={t('tests.settings.duration')}
          required
          name="duration_minutes"
          type="number"
          inputMode="numeric"
          min={1}
          max={600}
          value={settings.duration}
          onChange={(e) => change({ duration: e.target.value })}
          error={issueText(issues, 'duration_minutes', t)}
        />
        <div>
          <span className={fieldLabel}>{t('tests.settings.branch')}</span>
          <div className={readOnly} data-testid="test-branch">
            {branchName ?? t('tests.settings.noBranch')}
          </div>
        </div>
      </div>
    </Card>
  );
}
