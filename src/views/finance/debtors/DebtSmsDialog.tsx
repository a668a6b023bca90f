import { sendDebtMessages } from '../../../api/parentMessages';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useWrite } from '../../common/useWrite';

/**
 * The debt message to the parents of these students (one row's, or every debtor of the page): queued by the server,
 * which skips a student messaged in the last week, one who no longer owes, and a branch that has it switched off.
 */
export function DebtSmsDialog({ students, onClose }: { students: number[]; onClose: () => void }) {
  const { t } = useT();
  const { toast } = useActors();
  const write = useWrite((ids: number[], key: string) => sendDebtMessages(ids, key), {
    failureToast: 'debtors.sms.failed',
    onDone: (result) => {
      // How many were queued and how many the server skipped (messaged this week, no debt, switched off).
      toast.send({ type: 'toast.show', severity: 'success', message: 'debtors.sms.done', values: { queued: result.queued.length, skipped: result.skipped.length } });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open
      title={t('debtors.sms.title')}
      description={t('debtors.sms.description', { count: students.length })}
      cancelLabel={t('common.actions.cancel')}
      confirmLabel={t('debtors.sms.send')}
      onCancel={onClose}
      onConfirm={() => {
        if (!write.submitting) write.submit(students);
      }}
    />
  );
}
