import type { InputHTMLAttributes, ReactNode } from 'react';
import { useT } from '../i18n';
import { formatAmountInput } from '../lib/amountInput';
import { Field } from './Field';

type AmountFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  label: ReactNode;
  value: string;
  onChange: (text: string) => void;
  error?: string | null;
  required?: boolean;
};

/** A money input: digits, spaces and one comma or dot; grouped as "1 500 000" when the user leaves it. */
export function AmountField({ value, onChange, onBlur, ...rest }: AmountFieldProps) {
  const { t } = useT();
  return (
    <Field
      inputMode="decimal"
      autoComplete="off"
      placeholder={t('common.form.amountPlaceholder')}
      {...rest}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={(e) => {
        const formatted = formatAmountInput(e.target.value);
        if (formatted !== e.target.value) onChange(formatted);
        onBlur?.(e);
      }}
    />
  );
}
