import { DatePicker } from '@ark-ui/react/date-picker';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useT } from '../i18n';
import { dayOutside, formatDayInput, parseDayInput } from '../lib/dayInput';
import { FieldFrame, controlAria, useFieldIds } from './FieldFrame';
import { PickerCalendar, PickerTrigger, TypedInput, pickerProps, toDateValue, toDateValues } from './pickerParts';
import { useTypedValue } from './useTypedValue';

export type DateFieldProps = {
  label: ReactNode;
  /** The day as YYYY-MM-DD, or "" for none. */
  value: string;
  /**
   * Called with YYYY-MM-DD once a whole valid day is typed or picked, and with "" when the field is cleared or left
   * holding text that is no day (its error is shown), unless `alwaysSet`.
   */
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  required?: boolean;
  /** Inclusive bounds, YYYY-MM-DD: days outside are greyed in the calendar and refused when typed. */
  min?: string;
  max?: string;
  /** The page always has a day (e.g. the attendance grid's): bad or empty text never clears it. */
  alwaysSet?: boolean;
  name?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
  'data-testid'?: string;
};

const parseDay = (text: string) => {
  const parsed = parseDayInput(text);
  return parsed.ok ? { ok: true as const, value: parsed.iso } : parsed;
};

/**
 * The one date input of the app (Ark UI's DatePicker): typed day first in the interface language ("26.11.2026",
 * "26/11/2026" in English) whatever the browser's locale, or picked from a calendar whose month and weekday names
 * are the app's own. A whole typed day commits at once; text that is no day shows a translated error.
 */
export function DateField({ label, value, onChange, onBlur, error, required, min, max, alwaysSet, name, id, disabled, className, 'data-testid': testId }: DateFieldProps) {
  const { t, lang } = useT();
  const { controlId, errorId } = useFieldIds(id);
  const typed = useTypedValue({ value, onChange, lang, format: formatDayInput, parse: parseDay, outside: (day) => dayOutside(day, min, max), alwaysSet });
  const limit = typed.problem === 'min' ? min : typed.problem === 'max' ? max : '';
  const ownError = typed.problem ? t(`common.date.errors.${typed.problem}`, { format: t('common.date.placeholder'), date: formatDayInput(limit, lang) }) : null;
  const shownError = ownError ?? error ?? null;
  return (
    <FieldFrame controlId={controlId} errorId={errorId} label={label} error={shownError} required={required} className={className}>
      <DatePicker.Root
        {...pickerProps(t, lang)}
        value={toDateValues(value)}
        onValueChange={(details) => typed.pick(details.value[0]?.toString() ?? '')}
        min={toDateValue(min)}
        max={toDateValue(max)}
        disabled={disabled}
      >
        <DatePicker.Control className={css({ position: 'relative' })}>
          <TypedInput
            id={controlId}
            name={name}
            text={typed.text}
            disabled={disabled}
            placeholder={t('common.date.placeholder')}
            aria={controlAria(shownError, errorId, required)}
            testId={testId}
            onType={typed.type}
            onFinish={typed.finish}
            onBlur={onBlur}
          />
          <PickerTrigger disabled={disabled} />
        </DatePicker.Control>
        <PickerCalendar lang={lang} t={t} clearable={!alwaysSet} testId={testId ? `${testId}-calendar` : undefined} />
      </DatePicker.Root>
    </FieldFrame>
  );
}
