import { Dialog as Ark } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

const backdrop = css({
  position: 'fixed',
  inset: '0',
  bg: 'bg.overlay',
  zIndex: 'overlay',
  _open: { animation: 'fadeIn 150ms ease-out' },
  _closed: { animation: 'fadeOut 120ms ease-in' },
});
const positioner = css({ position: 'fixed', inset: '0', display: 'flex', alignItems: 'center', justifyContent: 'center', p: '4', zIndex: 'modal' });
const content = css({
  position: 'relative',
  w: 'full',
  bg: 'bg.surface',
  borderRadius: 'card',
  boxShadow: 'popover',
  p: '6',
  _open: { animation: 'scaleIn 160ms ease-out' },
  _closed: { animation: 'fadeOut 120ms ease-in' },
});
const title = css({ fontSize: 'lg', fontWeight: 'semibold', pe: '8' });
const description = css({ mt: '1', color: 'fg.muted', fontSize: 'sm' });
const close = css({
  position: 'absolute',
  top: '4',
  insetEnd: '4',
  p: '1',
  borderRadius: 'control',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
});

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  children?: ReactNode;
  /** CSS max width, e.g. 425px for the password dialog (spec section 9). */
  maxWidth?: string;
  role?: 'dialog' | 'alertdialog';
};

export function Dialog({ open, onClose, title: heading, description: text, closeLabel, children, maxWidth = '480px', role = 'dialog' }: DialogProps) {
  return (
    <Ark.Root open={open} onOpenChange={(d) => (d.open ? undefined : onClose())} lazyMount unmountOnExit role={role}>
      <Portal>
        <Ark.Backdrop className={backdrop} />
        <Ark.Positioner className={positioner}>
          <Ark.Content className={content} style={{ maxWidth }}>
            <Ark.Title className={title}>{heading}</Ark.Title>
            {text ? <Ark.Description className={description}>{text}</Ark.Description> : null}
            <Ark.CloseTrigger className={close} aria-label={closeLabel}>
              <X size={18} />
            </Ark.CloseTrigger>
            <div className={css({ mt: '5' })}>{children}</div>
          </Ark.Content>
        </Ark.Positioner>
      </Portal>
    </Ark.Root>
  );
}

export const dialogFooter = css({ display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '6', flexWrap: 'wrap' });
