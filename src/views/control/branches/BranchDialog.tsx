import { useForm } from '@tanstack/react-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { z } from 'zod';
import { msg } from '../../../../contract/common';
import { FILIAL_ADDRESS_MAX, FILIAL_NAME_MAX, type FilialBody, type FilialDetail } from '../../../../contract/filial';
import { PHONE_PATTERN } from '../../../../contract/phone';
import { ApiError } from '../../../api/errors';
import { controlKeys, createBranch, updateBranch } from '../../../api/control';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { formatPhoneInput } from '../../../lib/phone';
import { Button } from '../../../ui/Button';
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { PhoneField } from '../../../ui/PhoneField';
import { submitWith } from '../../common/FormTextField';
import { firstError } from '../../common/formErrors';
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
  const { toast } = useActors();
  const queryClient = useQueryClient();
  const reloadSwitcher = useReloadBranchSwitcher();
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const save = useMutation({
    mutationFn: (body: FilialBody) => (branch ? updateBranch(branch.id, body) : createBranch(body)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: controlKeys.allBranches });
      reloadSwitcher();
      toast.send({ type: 'toast.show', severity: 'success', message: 'control.branches.saved' });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400 && error.fields) setServerErrors(error.fields);
      else toast.send({ type: 'toast.show', severity: 'error', message: 'control.branches.saveFailed' });
    },
  });
  const form = useForm({
    defaultValues: { name: branch?.name ?? '', address: branch?.address ?? '', phone: formatPhoneInput(branch?.phone ?? '') } as Values,
    validators: { onChange: formSchema, onSubmit: formSchema },
    onSubmit: ({ value }) =>
      save.mutate({ name: value.name.trim(), address: value.address.trim() || null, phone: phoneOrNull(value.phone), ...(branch ? { is_archived: branch.is_archived } : {}) }),
  });
  const shown = (meta: { isTouched: boolean; errors: readonly unknown[] }, name: string) =>
    firstError(serverErrors[name] ?? [], t) ?? (meta.isTouched || form.state.submissionAttempts > 0 ? firstError(meta.errors, t) : null);
  const forget = (name: string) => setServerErrors(({ [name]: _, ...rest }) => rest);

  return (
    <Dialog open onClose={onClose} title={branch ? t('control.branches.editTitle') : t('control.branches.createTitle')} closeLabel={t('common.actions.close')} maxWidth="460px">
      <form noValidate onSubmit={submitWith(form)} className={css({ display: 'grid', gap: '4' })} data-testid="branch-form">
        <form.Field name="name">
          {(field) => (
            <Field
              label={t('control.branches.name')}
              required
              name="name"
              autoFocus
              value={field.state.value}
              onBlur={field.handleBlur}
              onChange={(e) => {
                forget('name');
                field.handleChange(e.target.value);
              }}
              error={shown(field.state.meta, 'name')}
            />
          )}
        </form.Field>
        <form.Field name="address">
          {(field) => (
            <Field
              label={t('control.branches.address')}
              name="address"
              value={field.state.value}
              onBlur={field.handleBlur}
              onChange={(e) => {
                forget('address');
                field.handleChange(e.target.value);
              }}
              error={shown(field.state.meta, 'address')}
            />
          )}
        </form.Field>
        <form.Field name="phone">
          {(field) => (
            <PhoneField
              label={t('control.branches.phone')}
              name="phone"
              value={field.state.value}
              onBlur={field.handleBlur}
              onValueChange={(v) => {
                forget('phone');
                field.handleChange(v);
              }}
              error={shown(field.state.meta, 'phone')}
            />
          )}
        </form.Field>
        <div className={dialogFooter}>
          <Button variant="outline" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="branch-save">
            {save.isPending ? t('control.saving') : t('control.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
