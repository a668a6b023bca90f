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

type Loaded = { data?: readonly { id: number; name: string }[]; isError: boolean };

/** A select over loaded items; a chosen id no longer among them still shows (by name when the caller knows it). */
function LoadedSelect(props: IdSelectProps & { items: Loaded; loading: boolean; disabled?: boolean }) {
  const { t } = useT();
  const { items, value, fallbackLabel } = props;
  const options = (items.data ?? []).map((item) => ({ value: item.id, label: item.name }));
  if (value !== null && items.data && !options.some((o) => o.value === value)) options.push({ value, label: fallbackLabel ?? `#${value}` });
  return (
    <Select
      label={props.label}
      value={value ?? ''}
      onChange={(e) => props.onChange(toId(e.target.value))}
      options={options}
      placeholder={props.loading ? t('edu.list.loading') : props.placeholder}
      disabled={props.disabled}
      required={props.required}
      error={props.error ?? (items.isError ? t('materials.loadFailed') : null)}
      className={props.className}
      data-testid={props.testId}
    />
  );
}

/** The active subjects; `placeholder` is the empty choice ("choose a subject" or "all"). */
export function SubjectSelect(props: IdSelectProps) {
  const subjects = useSubjectOptions();
  return <LoadedSelect {...props} items={subjects} loading={subjects.isPending} />;
}

/** The active levels of a subject in teaching order; disabled until a subject is chosen. */
export function LevelSelect({ subjectId, ...props }: IdSelectProps & { subjectId: number | null }) {
  const levels = useLevels(subjectId);
  return <LoadedSelect {...props} items={levels} loading={subjectId !== null && levels.isPending} disabled={subjectId === null} />;
}
