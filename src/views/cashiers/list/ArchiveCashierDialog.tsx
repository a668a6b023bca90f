import type { FormEvent } from 'react';
import type { Cashier } from '../../../../contract/finance';
import { patchCashier } from '../../../api/finance';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { formatMoney } from '../../../lib/money';
import { Dialog } from '../../../ui/Dialog';
import { WriteFooter } from '../../common/money/formParts';
import { useMoneyWrite } from '../../common/money/moneyWrite';

/**
 * Archive a cashier (PATCH is_archived=true) or bring one back (false). The server refuses to archive a cashier
 * that still holds money (409): its message shows here, and nothing changes.
 */
export function ArchiveCashierDialog({ cashier, archive, onClose }: { cashier: Cashier; archive: boolean; onClose: () => void }) {
  const { t } = useT();
  const { toast } = useActors();
  const write = useMoneyWrite<{ is_archived: boolean }>(
    (body, key) => patchCashier(cashier.id, body, key),
    () => {
      toast.send({ type: 'toast.show', severity: 'success', message: archive ? 'cashiers.archive.saved' : 'cashiers.archive.restored' });
      onClose();
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    write.submit({ is_archived: archive });
  };
  const which = archive ? 'archive' : 'restore';
  return (
    <Dialog
      open
      onClose={onClose}
      title={t(`cashiers.archive.${which}Title`)}
      description={t(`cashiers.archive.${which}Text`, { name: cashier.name, balance: formatMoney(cashier.balance) })}
      closeLabel={t('common.actions.close')}
      maxWidth="440px"
      role="alertdialog"
    >
      <form onSubmit={submit} data-testid="cashier-archive-form">
        <WriteFooter write={write} onCancel={onClose} submitLabel={t(`cashiers.archive.${which}`)} tone={archive ? 'danger' : 'solid'} />
      </form>
    </Dialog>
  );
}
