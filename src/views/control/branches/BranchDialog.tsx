import { useQueryClient } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { z } from 'zod';
import { msg } from '../../../../contract/common';
import { FILIAL_ADDRESS_MAX, FILIAL_NAME_MAX, type FilialBody, type FilialDetail } from '../../../../contract/filial';
import { PHONE_PATTERN } from '../../../../contract/phone';
import { controlKeys, createBranch, updateBranch } from '../../../api/control';
import { useT } from '../../../i18n';
import { formatPhoneInput } from '../../../lib/phone';
import { Dialog } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { FormFooter } from '../../../ui/form/FormFooter';
import { useWrite } from '../../common/useWrite';
import { phoneOrNull } from './branchPhone';
import { useReloadBranchSwitcher } from './useReloadBranchSwitcher';

const formSchema = z.object({
  name: z.string().trim().min(1, msg.required).max(FILIAL_NAME_MAX),
  address: z.string().max(FILIAL_ADDRESS_MAX),
  phone: z.string().refine((v) => phoneOrNull(v) === null || PHONE_PATTERN.test(phoneOrNull(v)!), msg.phone),
});
type Values = z.input<typeof formSchema>;

/** Create (branch null) or edit a branch: name, address, phone. Mounted only while open. */
export function BranchDialog({ branch, onClose }: { branch: FilialDetail | null; onClose: () => void }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const reloadSwitcher = useReloadBranchSwitcher();
  const write = useWrite(
    async (body: FilialBody) => {
      const saved = branch ? await updateBranch(branch.id, body) : await createBranch(body);
      await queryClient.invalidateQueries({ queryKey: controlKeys.allBranches });
      reloadSwitcher();
      return saved;
    },
    { success: 'control.branches.saved', onDone: onClose, messages: { failed: 'control.branches.saveFailed', conflict: 'control.branches.saveFailed' } },
  );
  const form = useAppForm({
    defaultValues: { name: branch?.name ?? '', address: branch?.address ?? '', phone: formatPhoneInput(branch?.phone ?? '') } as Values,
    validators: { onChange: formSchema, onSubmit: formSchema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) =>
      write.submit(
        { name: value.name.trim(), address: value.address.trim() || null, phone: phoneOrNull(value.phone), ...(branch ? { is_archived: branch.is_archived } : {}) },
        formApi,
      ),
  });

  return (
    <Dialog open onClose={onClose} title={branch ? t('control.branches.editTitle') : t('control.branches.createTitle')} closeLabel={t('common.actions.close')} maxWidth="460px">
      <form noValidate onSubmit={submitWith(form)} className={css({ display: 'grid', gap: '4' })} data-testid="branch-form">
        <form.AppField name="name">{(f) => <f.TextField label="control.branches.name" required autoFocus />}</form.AppField>
        <form.AppField name="address">{(f) => <f.TextField label="control.branches.address" />}</form.AppField>
        <form.AppField name="phone">{(f) => <f.PhoneField label="control.branches.phone" />}</form.AppField>
        <FormFooter write={write} onCancel={onClose} submitLabel={t('control.save')} submitTestId="branch-save" />
      </form>
    </Dialog>
  );
}
