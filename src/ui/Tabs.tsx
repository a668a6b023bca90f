import { Tabs as Ark } from '@ark-ui/react/tabs';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

const list = css({
  display: 'flex',
  gap: '1',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  mb: '4',
  overflowX: 'auto',
  position: 'relative',
});
const trigger = css({
  px: '4',
  py: '2.5',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  borderBottomWidth: '2px',
  borderColor: 'transparent',
  mb: '-1px',
  _hover: { color: 'fg.default' },
  _selected: { color: 'accent.fg', borderColor: 'accent.default' },
});

export type TabItem = { value: string; label: ReactNode; content: ReactNode };

type TabsProps = { value: string; onChange: (value: string) => void; items: readonly TabItem[]; label: string };

/** Controlled tabs; only the active tab's content is mounted (each tab queries its own list). */
export function Tabs({ value, onChange, items, label }: TabsProps) {
  return (
    <Ark.Root value={value} onValueChange={(d) => onChange(d.value)} lazyMount unmountOnExit>
      <Ark.List className={list} aria-label={label}>
        {items.map((item) => (
          <Ark.Trigger key={item.value} value={item.value} className={trigger}>
            {item.label}
          </Ark.Trigger>
        ))}
      </Ark.List>
      {items.map((item) => (
        <Ark.Content key={item.value} value={item.value}>
          {item.content}
        </Ark.Content>
      ))}
    </Ark.Root>
  );
}
