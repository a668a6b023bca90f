// The app's form fields: each one reads its TanStack Form field from the context (`<form.AppField name>`), and
// brings its label (an i18n key), the required mark, the error in the interface language (the server's one too,
// see fieldError.ts) and the right control. A dialog writes `{(f) => <f.TextField label="ns.key" required />}`.
import { useStore } from '@tanstack/react-form';
import type { ComponentProps } from 'react';
import { useT } from '../../i18n';
import { AmountField as AmountInput } from '../AmountField';
import { DateField as DateInput } from '../DateField';
import { Field } from '../Field';
import { PhoneField as PhoneInput } from '../PhoneField';
import { SearchSelect, type SearchItem } from '../SearchSelect';
import { Select, type SelectOption } from '../Select';
import { TextArea } from '../TextArea';
import { useFieldContext } from './context';
import { shownFieldError } from './fieldError';

/**
 * What every app field takes: its label as an i18n key (with values), a required mark, values for its error's
 * message where the rule does not carry them (`{ max: 100 }` for a percentage), a test id.
 */
type Common = { label: string; labelValues?: Record<string, unknown>; errorValues?: Record<string, unknown>; required?: boolean; 'data-testid'?: string };

/** The bound field, its label in words and the error to show. */
function useBound<T>(label: string, labelValues?: Record<string, unknown>, errorValues?: Record<string, unknown>) {
  const field = useFieldContext<T>();
  const { t } = useT();
  const submitted = useStore(field.form.store, (s) => s.submissionAttempts > 0);
  return { field, t, label: t(label, labelValues), error: shownFieldError(field.state.meta, submitted, t, errorValues) };
}

type InputProps = Omit<ComponentProps<typeof Field>, 'label' | 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'required'>;

/**
 * A one-line text; `format` turns what is typed into the field's value (digits only, a number, undefined for an
 * optional empty one).
 */
export function TextField({ label, labelValues, errorValues, format, ...rest }: Common & InputProps & { format?: (text: string) => unknown }) {
  const { field, label: text, error } = useBound<string | number | null | undefined>(label, labelValues, errorValues);
  return (
    <Field
      {...rest}
      label={text}
      name={field.name}
      value={field.state.value ?? ''}
      onBlur={field.handleBlur}
      onChange={(e) => field.handleChange((format ? format(e.target.value) : e.target.value) as string)}
      error={error}
    />
  );
}

/** A whole number (a capacity, a price in coins); an empty box is NaN, which the form's schema refuses. */
export function NumberField({ label, labelValues, errorValues, ...rest }: Common & InputProps) {
  const { field, label: text, error } = useBound<number>(label, labelValues, errorValues);
  return (
    <Field
      type="number"
      inputMode="numeric"
      {...rest}
      label={text}
      name={field.name}
      value={Number.isNaN(field.state.value) ? '' : field.state.value}
      onBlur={field.handleBlur}
      onChange={(e) => field.handleChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
      error={error}
    />
  );
}

type PhoneProps = Omit<ComponentProps<typeof PhoneInput>, 'label' | 'value' | 'onValueChange' | 'onBlur' | 'error' | 'name' | 'required'>;

/** A phone, masked "+998 90 123 45 67" as it is typed. */
export function PhoneField({ label, labelValues, errorValues, ...rest }: Common & PhoneProps) {
  const { field, label: text, error } = useBound<string>(label, labelValues, errorValues);
  return <PhoneInput {...rest} label={text} name={field.name} value={field.state.value} onValueChange={field.handleChange} onBlur={field.handleBlur} error={error} />;
}

type AmountProps = Omit<ComponentProps<typeof AmountInput>, 'label' | 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'required'>;

/** A sum of money as typed ("1 500 000"); the form's schema parses it. */
export function AmountField({ label, labelValues, errorValues, ...rest }: Common & AmountProps) {
  const { field, label: text, error } = useBound<string>(label, labelValues, errorValues);
  return <AmountInput {...rest} label={text} name={field.name} value={field.state.value} onChange={field.handleChange} onBlur={field.handleBlur} error={error} />;
}

type SelectProps<V> = Common & {
  options: readonly SelectOption[];
  /** A first empty choice in words ("choose…", "loading…"); choosing it gives null. */
  placeholder?: string;
  /** The DOM's string back to the field's value: `Number` for ids; the default keeps the string. */
  parse?: (value: string) => V;
  /** What the empty choice gives: null (default) or "" where the form keeps text. */
  emptyAs?: null | '';
  disabled?: boolean;
  className?: string;
};

/** A native select of a short fixed list; an empty choice gives null. */
export function SelectField<V = string>({ label, labelValues, errorValues, options, placeholder, parse, emptyAs = null, ...rest }: SelectProps<V>) {
  const { field, label: text, error } = useBound<V | null | ''>(label, labelValues, errorValues);
  return (
    <Select
      {...rest}
      label={text}
      name={field.name}
      options={options}
      placeholder={placeholder}
      // No choice yet: null, "" or 0 (the forms' "no id"; ids start at 1).
      value={field.state.value === null || field.state.value === undefined || field.state.value === 0 ? '' : String(field.state.value)}
      onChange={(e) => field.handleChange(e.target.value === '' ? emptyAs : parse ? parse(e.target.value) : (e.target.value as V))}
      onBlur={field.handleBlur}
      error={error}
    />
  );
}

type DateProps = Omit<ComponentProps<typeof DateInput>, 'label' | 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'required'>;

/** A day, YYYY-MM-DD, typed or picked; no day is "" or, with `emptyAs`, that value (undefined for an optional one). */
export function DateField({ label, labelValues, errorValues, emptyAs = '', ...rest }: Common & DateProps & { emptyAs?: string | null | undefined }) {
  const { field, label: text, error } = useBound<string | null | undefined>(label, labelValues, errorValues);
  return (
    <DateInput
      {...rest}
      label={text}
      name={field.name}
      value={field.state.value ?? ''}
      onChange={(day) => field.handleChange(day === '' ? emptyAs : day)}
      onBlur={field.handleBlur}
      error={error}
    />
  );
}

type AreaProps = Omit<ComponentProps<typeof TextArea>, 'label' | 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'required'>;

/** A comment, a reason, a description. */
export function TextareaField({ label, labelValues, errorValues, ...rest }: Common & AreaProps) {
  const { field, label: text, error } = useBound<string>(label, labelValues, errorValues);
  return (
    <TextArea
      {...rest}
      label={text}
      name={field.name}
      value={field.state.value ?? ''}
      onBlur={field.handleBlur}
      onChange={(e) => field.handleChange(e.target.value)}
      error={error}
    />
  );
}

type SearchProps = Omit<ComponentProps<typeof SearchSelect>, 'label' | 'value' | 'onChoose' | 'error' | 'required'> & {
  onChoose?: (item: SearchItem) => void;
};

/** An id chosen from the server's answers to a search (a student of the branch); see views/common/StudentSearch. */
export function SearchField({ label, labelValues, errorValues, onChoose, ...rest }: Common & SearchProps) {
  const { field, label: text, error } = useBound<number | null>(label, labelValues, errorValues);
  return (
    <SearchSelect
      {...rest}
      label={text}
      value={field.state.value ?? null}
      error={error}
      onChoose={(item) => {
        field.handleChange(item.id);
        onChoose?.(item);
      }}
    />
  );
}
