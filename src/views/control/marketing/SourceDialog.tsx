import { useForm } from '@tanstack/react-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { z } from 'zod';
import { msg } from '../../../../contract/common';
import { MARKETING_NAME_MAX, type MarketingGroup, type MarketingSource } from '../../../../contract/marketing';
import { ApiError } from '../../../api/errors';
import { controlKeys, createMarketingGroup, createSource, renameMarketingGroup, updateSource } from '../../../api/control';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { Select } from '../../../ui/Select';
import { submitWith } from '../../common/FormTextField';
import { firstError } from '../../common/formErrors';

const formSchema = z.object({ name: z.string().trim().min(1, msg.required).max(MARKETING_NAME_MAX), group: z.string() });
type Values = z.input<typeof formSchema>;

/**
 * A source (create, rename, move to a group) or, with `groupOnly`, a group (create, rename). Mounted while open.
 */
export function SourceDialog({
  source,
  group,
  groups,
  kind,
  onClose,
}: {
  kind: 'source' | 'group';
  source?: MarketingSource | null;
  group?: MarketingGroup | null;
  groups: readonly MarketingGroup[];
  onClose: () => void;
}) {
  const { t } = useT();
  const { toast } = useActors();
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const editing = kind === 'source' ? source : group;
  const save = useMutation({
    mutationFn: (v: { name: string; group: number | null }) => {
      if (kind === 'group') return group ? renameMarketingGroup(group.id, { name: v.name }) : createMarketingGroup({ name: v.name });
      return source ? updateSource(source.id, { name: v.name, group: v.group, is_archived: source.is_archived }) : createSource({ name: v.name, group: v.group });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: controlKeys.marketing });
      toast.send({ type: 'toast.show', severity: 'success', message: 'control.marketing.saved' });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400 && error.fields) setServerErrors(error.fields);
      else toast.send({ type: 'toast.show', severity: 'error', message: 'control.marketing.saveFailed' });
    },
  });
  const form = useForm({
    defaultValues: { name: editing?.name ?? '', group: source?.group ? String(source.group.id) : '' } as Values,
    validators: { onChange: formSchema, onSubmit: formSchema },
    onSubmit: ({ value }) => save.mutate({ name: value.name.trim(), group: value.group ? Number(value.group) : null }),
  });
  const shown = (meta: { isTouched: boolean; errors: readonly unknown[] }, name: string) =>
    firstError(serverErrors[name] ?? [], t) ?? (meta.isTouched || form.state.submissionAttempts > 0 ? firstError(meta.errors, t) : null);
  const title =
    kind === 'group'
      ? group
        ? t('control.marketing.groupEditTitle')
        : t('control.marketing.groupCreateTitle')
      : source
        ? t('control.marketing.editTitle')
        : t('control.marketing.createTitle');

  return (
    <Dialog open onClose={onClose} title={title} closeLabel={t('common.actions.close')} maxWidth="440px">
      <form noValidate onSubmit={submitWith(form)} className={css({ display: 'grid', gap: '4' })} data-testid={`${kind}-form`}>
        <form.Field name="name">
          {(field) => (
            <Field
              label={t('control.marketing.name')}
              required
              name="name"
              autoFocus
              value={field.state.value}
              onBlur={field.handleBlur}
              onChange={(e) => {
                setServerErrors(({ name: _, ...rest }) => rest);
                field.handleChange(e.target.value);
              }}
              error={shown(field.state.meta, 'name')}
            />
          )}
        </form.Field>
        {kind === 'source' ? (
          <form.Field name="group">
            {(field) => (
              <Select
                label={t('control.marketing.group')}
                name="group"
                value={field.state.value}
                placeholder={t('control.marketing.noGroup')}
                onChange={(e) => {
                  setServerErrors(({ group: _, ...rest }) => rest);
                  field.handleChange(e.target.value);
                }}
                options={groups.map((g) => ({ value: String(g.id), label: g.name }))}
                error={shown(field.state.meta, 'group')}
              />
            )}
          </form.Field>
        ) : null}
        <div className={dialogFooter}>
          <Button variant="outline" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid={`${kind}-save`}>
            {save.isPending ? t('control.saving') : t('control.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
