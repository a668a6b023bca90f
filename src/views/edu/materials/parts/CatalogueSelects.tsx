import { useLevels, useSubjectOptions } from '../../../../api/catalogue';
import { useT } from '../../../../i18n';
import { Select } from '../../../../ui/Select';

type IdSelectProps = {
  value: number | null;
  onChange: (id: number | null) => void;
  label: string;
  placeholder: string;
  required?: boolean;
  error?: string | null;
  className?: string;
  testId?: string;
  /** The name to show for a chosen id that is not among the active ones (an archived subject of a course). */
  fallbackLabel?: string;
};

const toId = (value: string) => (value === '' ? null : Number(value));

/** The active subjects; `placeholder` is the empty choice ("choose a subject" or "all"). */
export function SubjectSelect({ value, onChange, label, placeholder, required, error, className, testId, fallbackLabel }: IdSelectProps) {
  const { t } = useT();
  const subjects = useSubjectOptions();
  const options = (subjects.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  // A chosen subject that is no longer active still shows (by name when the caller knows it).
  if (value !== null && subjects.data && !options.some((o) => o.value === value)) options.push({ value, label: fallbackLabel ?? `#${value}` });
  return (
    <Select
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(toId(e.target.value))}
      options={options}
      placeholder={subjects.isPending ? t('edu.list.loading') : placeholder}
      required={required}
      error={error ?? (subjects.isError ? t('materials.loadFailed') : null)}
      className={className}
      data-testid={testId}
    />
  );
}

/** The active levels of a subject in teaching order; disabled until a subject is chosen. */
export function LevelSelect({ subjectId, value, onChange, label, placeholder, required, error, className, testId, fallbackLabel }: IdSelectProps & { subjectId: number | null }) {
  const { t } = useT();
  const levels = useLevels(subjectId);
  const options = (levels.data ?? []).map((l) => ({ value: l.id, label: l.name }));
  if (value !== null && levels.data && !options.some((o) => o.value === value)) options.push({ value, label: fallbackLabel ?? `#${value}` });
  return (
    <Select
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(toId(e.target.value))}
      options={options}
      placeholder={subjectId !== null && levels.isPending ? t('edu.list.loading') : placeholder}
      disabled={subjectId === null}
      required={required}
      error={error ?? (levels.isError ? t('materials.loadFailed') : null)}
      className={className}
      data-testid={testId}
    />
  );
}
