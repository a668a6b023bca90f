import { useMaskito } from '@maskito/react';
import { forwardRef, useCallback, type ComponentProps, type FocusEvent } from 'react';
import { PHONE_HEAD, isPartialHead, phoneMaskOptions } from '../lib/phoneMask';
import { Field } from './Field';

type PhoneFieldProps = Omit<ComponentProps<typeof Field>, 'value' | 'onChange' | 'onInput' | 'type' | 'ref'> & {
  /** The masked text, "+998 93 555 12 34"; strip the spaces with `phoneToWire` before sending. */
  value: string;
  onValueChange: (value: string) => void;
  /** What the field holds with no number: "+998 " (default), or "" for an optional phone shown empty. */
  emptyValue?: string;
};

/**
 * The one phone input of the app: "+998 " pre-filled, digits grouped 2-3-2-2 as they are typed or pasted, the caret
 * kept where the person put it (Maskito). Leaving the field with only (part of) the prefix gives `emptyValue`.
 */
export const PhoneField = forwardRef<HTMLInputElement, PhoneFieldProps>(function PhoneField(
  { value, onValueChange, emptyValue = PHONE_HEAD, onBlur, ...rest },
  ref,
) {
  const maskRef = useMaskito({ options: phoneMaskOptions });
  const setRef = useCallback(
    (element: HTMLInputElement | null) => {
      maskRef(element);
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [maskRef, ref],
  );
  return (
    <Field
      {...rest}
      ref={setRef}
      type="tel"
      inputMode="tel"
      autoComplete={rest.autoComplete ?? 'off'}
      value={value}
      // Maskito rewrites the value itself and announces it with an input event: React's onChange may miss it.
      onInput={(e) => onValueChange(e.currentTarget.value)}
      onChange={() => undefined}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        if ((isPartialHead(value) || value === PHONE_HEAD) && value !== emptyValue) onValueChange(emptyValue);
        onBlur?.(e);
      }}
    />
  );
});
