import { useId } from 'react';
import { css } from 'styled-system/css';
import { useT } from '../../i18n/index';
import { fieldErrorOf, type FieldMetaLike } from '../../ui/form/fieldError';

const chip = css({
  minW: '11',
  h: '10',
  px: '2',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  color: 'fg.default',
  fontWeight: 'medium',
  fontSize: 'sm',
  cursor: 'pointer',
  transition: 'background 120ms, color 120ms, border-color 120ms',
  _hover: { borderColor: 'accent.default' },
  '&[aria-pressed=true]': { bg: 'accent.default', borderColor: 'accent.default', color: 'fg.onAccent' },
});

/** Du Se Ch Pa Ju Sh Ya as toggles (1 = Monday). */
export function DayChips({ value, onChange, labelId, error }: { value: readonly number[]; onChange: (days: number[]) => void; labelId: string; error?: string | null }) {
  const { t } = useT();
  const toggle = (day: number) => onChange(value.includes(day) ? value.filter((d) => d !== day) : [...value, day].sort((a, b) => a - b));
  return (
    <div>
      <div role="group" tabIndex={-1} aria-labelledby={labelId} aria-invalid={error ? true : undefined} className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })} data-testid="day-chips">
        {[1, 2, 3, 4, 5, 6, 7].map((day) => (
          <button key={day} type="button" className={chip} aria-pressed={value.includes(day)} title={t(`edu.weekdays.${day}`)} onClick={() => toggle(day)}>
            {t(`edu.weekdaysShort.${day}`)}
          </button>
        ))}
      </div>
      {error ? (
        <p role="alert" className={css({ mt: '1', fontSize: 'xs', color: 'danger.default' })}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type DaysFieldApi = {
  state: { value: number[] | null | undefined; meta: FieldMetaLike };
  handleChange: (days: number[]) => void;
  form: { state: { submissionAttempts: number } };
};

/** The week's days as chips under a label, bound to a form field (a lead's preferred days). */
export function DaysField({ field, label }: { field: DaysFieldApi; label: string }) {
  const { t } = useT();
  const labelId = useId();
  return (
    <div>
      <span id={labelId} className={css({ display: 'block', fontSize: 'sm', fontWeight: 'medium', mb: '1.5' })}>
        {label}
      </span>
      <DayChips labelId={labelId} value={field.state.value ?? []} onChange={field.handleChange} error={fieldErrorOf(field, t)} />
    </div>
  );
}
