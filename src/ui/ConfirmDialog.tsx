import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog, dialogFooter } from './Dialog';

type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  tone?: 'solid' | 'danger';
};

/** The generic confirm dialog of spec section 2: title, description, cancel and confirm. */
export function ConfirmDialog({ open, title, description, cancelLabel, confirmLabel, onCancel, onConfirm, tone = 'solid' }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={description} closeLabel={cancelLabel} maxWidth="425px" role="alertdialog">
      <div className={dialogFooter}>
        <Button variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant={tone} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
