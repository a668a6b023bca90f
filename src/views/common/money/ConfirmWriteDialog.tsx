import type { ReactNode } from 'react';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n/index';
import { Dialog } from '../../../ui/Dialog';
import { WriteFooter } from './formParts';
import { useMoneyWrite } from './moneyWrite';

/** A yes/no money write (end a sale, cancel a voucher) with its own Idempotency-Key kept for a retry. */
export function ConfirmWriteDialog({
  title,
  description,
  confirmLabel,
  doneMessage,
  run,
  onClose,
  testId,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  doneMessage: string;
  run: (key: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useT();
  const { toast } = useActors();
  const write = useMoneyWrite((_: Record<string, never>, key: string) => run(key), () => {
    toast.send({ type: 'toast.show', severity: 'success', message: doneMessage });
    onClose();
  });
  return (
    <Dialog open onClose={onClose} title={title} closeLabel={t('common.actions.close')} maxWidth="440px">
      <form
        noValidate
        data-testid={testId}
        onSubmit={(e) => {
          e.preventDefault();
          write.submit({});
        }}
      >
        <p>{description}</p>
        <WriteFooter write={write} onCancel={onClose} submitLabel={confirmLabel} tone="danger" />
      </form>
    </Dialog>
  );
}
