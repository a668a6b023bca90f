import { Dialog as Ark } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { SlidersHorizontal, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Button } from './Button';

const backdrop = css({ position: 'fixed', inset: '0', bg: 'bg.overlay', zIndex: 'overlay', _open: { animation: 'fadeIn 150ms ease-out' } });
const positioner = css({ position: 'fixed', inset: '0', zIndex: 'modal', display: 'flex', alignItems: 'flex-end' });
const sheet = css({
  position: 'relative',
  w: 'full',
  maxH: '85dvh',
  overflowY: 'auto',
  bg: 'bg.surface',
  boxShadow: 'popover',
  borderTopRadius: 'card',
  px: '4',
  pt: '2',
  pb: '4',
  _open: { animation: 'fadeIn 150ms ease-out' },
});
const grabber = css({ w: '10', h: '1', mx: 'auto', mb: '2', borderRadius: 'full', bg: 'border.strong' });
const close = css({ p: '1', borderRadius: 'control', color: 'fg.muted', cursor: 'pointer', _hover: { bg: 'bg.subtle' } });

/** The phone's filter panel: a bottom sheet over the list. */
export function FilterSheet({ open, onClose, title, closeLabel, children }: { open: boolean; onClose: () => void; title: string; closeLabel: string; children: ReactNode }) {
  return (
    <Ark.Root open={open} onOpenChange={(d) => (d.open ? undefined : onClose())} lazyMount unmountOnExit>
      <Portal>
        <Ark.Backdrop className={backdrop} />
        <Ark.Positioner className={positioner}>
          <Ark.Content className={sheet} data-testid="student-filter-sheet">
            <div className={grabber} aria-hidden="true" />
            <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: '3' })}>
              <Ark.Title className={css({ fontSize: 'md', fontWeight: 'semibold' })}>{title}</Ark.Title>
              <Ark.CloseTrigger className={close} aria-label={closeLabel}>
                <X size={18} />
              </Ark.CloseTrigger>
            </div>
            {children}
          </Ark.Content>
        </Ark.Positioner>
      </Portal>
    </Ark.Root>
  );
}

/** The small-screen button that opens the filter sheet, with how many filters are set. */
export function FilterSheetButton({ label, count, onOpen, testId }: { label: string; count: number; onOpen: () => void; testId: string }) {
  return (
    <Button className={css({ display: { base: 'inline-flex', md: 'none' } })} variant="outline" onClick={onOpen} aria-label={label} data-testid={testId}>
      <SlidersHorizontal size={16} aria-hidden="true" />
      {count > 0 ? <span className={css({ fontVariantNumeric: 'tabular-nums' })}>{count}</span> : null}
    </Button>
  );
}
