import { DatePicker } from '@ark-ui/react/date-picker';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useT } from '../i18n';
import { formatMonthInput, parseMonthInput } from '../lib/dayInput';
import { FieldFrame, controlAria, useFieldIds } from './FieldFrame';
import { PickerCalendar, PickerTrigger, TypedInput, pickerProps, toDateValues } from './pickerParts';
import { useTypedValue } from './useTypedValue';

type MonthFieldProps = {
  label: ReactNode;
  /** The month as YYYY-MM; these pages always have one. */
  value: string;
  onChange: (month: string) => void;
  name?: string;
  id?: string;
  className?: string;
  'data-testid'?: string;
};

const parseMonth = (text: string) => {
  const parsed = parseMonthInput(text);
  return parsed.ok ? { ok: true as const, value: parsed.month } : parsed;
};

/**
 * A month of a monthly page (salary, attendance statistics): typed "11.2026" ("11/2026" in English) or picked from
 * the month grid of the same calendar as the date field, with the interface language's month names.
 */
export function MonthField({ label, value, onChange, name, id, className, 'data-testid': testId }: MonthFieldProps) {
  const { t, lang } = useT();
  const { controlId, errorId } = useFieldIds(id);
  const typed = useTypedValue({ value, onChange, lang, format: formatMonthInput, parse: parseMonth, alwaysSet: true });
  const error = typed.problem ? t(`common.date.errors.${typed.problem}`, { format: t('common.date.monthPlaceholder') }) : null;
  return (
    <FieldFrame controlId={controlId} errorId={errorId} label={label} error={error} className={className}>
      <DatePicker.Root
        {...pickerProps(t, lang)}
        value={toDateValues(value ? `${value}-01` : '')}
        onValueChange={(details) => {
          const picked = details.value[0];
          if (picked) typed.pick(picked.toString().slice(0, 7));
        }}
        minView="month"
        defaultView="month"
      >
        <DatePicker.Control className={css({ position: 'relative' })}>
          <TypedInput
            id={controlId}
            name={name}
            text={typed.text}
            placeholder={t('common.date.monthPlaceholder')}
            aria={controlAria(error, errorId, false)}
            testId={testId}
            onType={typed.type}
            onFinish={typed.finish}
          />
          <PickerTrigger />
        </DatePicker.Control>
        <PickerCalendar lang={lang} t={t} minView="month" testId={testId ? `${testId}-calendar` : undefined} />
      </DatePicker.Root>
    </FieldFrame>
  );
}
