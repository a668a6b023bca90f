import { useQueryClient } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { z } from 'zod';
import { msg } from '../../../../contract/common';
import { MARKETING_NAME_MAX, type MarketingGroup, type MarketingSource } from '../../../../contract/marketing';
import { controlKeys, createMarketingGroup, createSource, renameMarketingGroup, updateSource } from '../../../api/control';
import { useT } from '../../../i18n';
import { Dialog } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { FormFooter } from '../../../ui/form/FormFooter';
import { useWrite } from '../../common/useWrite';

const formSchema = z.object({ name: z.string().trim().min(1, msg.required).max(MARKETING_NAME_MAX), group: z.number().nullable() });
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
  const queryClient = useQueryClient();
  const editing = kind === 'source' ? source : group;
  const write = useWrite(
    async (v: { name: string; group: number | null }) => {
      const saved =
        kind === 'group'
          ? await (group ? renameMarketingGroup(group.id, { name: v.name }) : createMarketingGroup({ name: v.name }))
          : await (source ? updateSource(source.id, { name: v.name, group: v.group, is_archived: source.is_archived }) : createSource({ name: v.name, group: v.group }));
      await queryClient.invalidateQueries({ queryKey: controlKeys.marketing });
      return saved;
    },
    { success: 'control.marketing.saved', onDone: onClose, messages: { failed: 'control.marketing.saveFailed', conflict: 'control.marketing.saveFailed' } },
  );
  const form = useAppForm({
    defaultValues: { name: editing?.name ?? '', group: source?.group?.id ?? null } as Values,
    validators: { onChange: formSchema, onSubmit: formSchema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit({ name: value.name.trim(), group: value.group }, formApi),
  });
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
        <form.AppField name="name">{(f) => <f.TextField label="control.marketing.name" required autoFocus />}</form.AppField>
        {kind === 'source' ? (
          <form.AppField name="group">
            {(f) => (
              <f.SelectField label="control.marketing.group" parse={Number} placeholder={t('control.marketing.noGroup')} options={groups.map((g) => ({ value: g.id, label: g.name }))} />
            )}
          </form.AppField>
        ) : null}
        <FormFooter write={write} onCancel={onClose} submitLabel={t('control.save')} submitTestId={`${kind}-save`} />
      </form>
    </Dialog>
  );
}
