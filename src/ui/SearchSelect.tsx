import { Combobox, createListCollection } from '@ark-ui/react/combobox';
import { useMemo, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { inputStyle } from './Field';
import { FieldFrame, controlAria, useFieldIds } from './FieldFrame';

export type SearchItem = { id: number; label: string; detail?: ReactNode; extra?: ReactNode };

const list = css({
  mt: '2',
  maxH: '12rem',
  overflowY: 'auto',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  _empty: { display: 'none' },
});
const option = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _highlighted: { bg: 'bg.subtle' },
  '&[aria-selected=true]': { bg: 'accent.subtle', color: 'accent.fg' },
});
const note = css({ mt: '1', fontSize: 'xs', color: 'fg.muted' });

type SearchSelectProps = {
  label: ReactNode;
  /** The chosen item's id, or null. */
  value: number | null;
  items: readonly SearchItem[];
  /** Called with the typed text; the caller asks the server and passes the answer back as `items`. */
  onSearch: (text: string) => void;
  onChoose: (item: SearchItem) => void;
  placeholder?: string;
  error?: string | null;
  required?: boolean;
  /** A line under the list: "searching…", "nothing found", "narrow the search". */
  status?: ReactNode;
  /** What is chosen, in words, under the list (the chosen item may have left the list). */
  chosen?: ReactNode;
  autoFocus?: boolean;
  'data-testid'?: string;
};

/**
 * A search box whose answers are chosen from a list under it (Ark UI's Combobox, so arrow keys, Enter and the
 * listbox roles come with it). The list opens in the flow of the form, not in a floating layer, so a dialog's
 * scrolling body shows it whole; choosing keeps the typed text and the list, to show what was chosen.
 */
export function SearchSelect({ label, value, items, onSearch, onChoose, placeholder, error, required, status, chosen, autoFocus, 'data-testid': testId }: SearchSelectProps) {
  const { controlId, errorId } = useFieldIds();
  // The caller builds its items on every render: the collection changes only when the ids do.
  const ids = items.map((i) => i.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the ids on purpose
  const collection = useMemo(() => createListCollection({ items: [...items], itemToValue: (i) => String(i.id), itemToString: (i) => i.label }), [ids]);
  return (
    <FieldFrame controlId={controlId} errorId={errorId} label={label} error={error} required={required}>
      <Combobox.Root
        collection={collection}
        ids={{ input: controlId }}
        value={value === null ? [] : [String(value)]}
        onInputValueChange={(d) => {
          if (d.reason === 'input-change') onSearch(d.inputValue);
        }}
        onValueChange={(d) => {
          const item = d.items[0] as SearchItem | undefined;
          if (item) onChoose(item);
        }}
        selectionBehavior="preserve"
        closeOnSelect={false}
        allowCustomValue
        // Opened by the person (a click, typing), never from mount: a list open before its dialog would sit below
        // the dialog's layer and take no clicks.
        openOnClick
        inputBehavior="autohighlight"
      >
        <Combobox.Control>
          <Combobox.Input className={inputStyle} type="search" placeholder={placeholder} autoFocus={autoFocus} data-testid={testId} {...controlAria(error, errorId, required)} />
        </Combobox.Control>
        <Combobox.Content className={list}>
          {items.map((item) => (
            <Combobox.Item key={item.id} item={item} className={option}>
              <Combobox.ItemText className={css({ minW: '0' })}>
                <span className={css({ display: 'block', fontWeight: 'medium' })}>{item.label}</span>
                {item.detail ? <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'xs' })}>{item.detail}</span> : null}
              </Combobox.ItemText>
              {item.extra ? <span className={css({ fontWeight: 'semibold', whiteSpace: 'nowrap' })}>{item.extra}</span> : null}
            </Combobox.Item>
          ))}
        </Combobox.Content>
      </Combobox.Root>
      {status ? <p className={note}>{status}</p> : null}
      {chosen ? <p className={css({ mt: '1', fontSize: 'sm' })}>{chosen}</p> : null}
    </FieldFrame>
  );
}
