import { themeCreate, type Theme } from '../../../../../contract/catalogue';
import { createTheme, updateTheme } from '../../../../api/catalogue';
import { useT } from '../../../../i18n';
import { submitWith, useAppForm } from '../../../../ui/form';
import { formBody } from '../../../../ui/form/FormAlert';
import { FormFooter } from '../../../../ui/form/FormFooter';
import { useWrite } from '../../../common/useWrite';
import { EditDialog, type EditDialogProps } from '../parts/EditDialog';
import { useToast } from '../parts/useToast';

// The form always holds a description (maybe empty), so it is required here.
const schema = themeCreate.pick({ name: true, description: true }).required();

/** 'new': a new theme at the end of the level `levelId`. */
type ThemeDialogProps = EditDialogProps<Theme> & { levelId: number };

/** Create or edit a theme: its name and description (a new one goes to the end of the level's order). */
export function ThemeDialog({ editing, levelId, onClose, onSaved }: ThemeDialogProps) {
  return (
    <EditDialog editing={editing} titles={{ create: 'materials.themes.createTitle', edit: 'materials.themes.editTitle' }} maxWidth="520px" onClose={onClose}>
      {(theme) => <ThemeForm theme={theme} levelId={levelId} onClose={onClose} onSaved={onSaved} />}
    </EditDialog>
  );
}

function ThemeForm({ theme, levelId, onClose, onSaved }: { theme: Theme | null; levelId: number; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const { t } = useT();
  const toast = useToast();
  const write = useWrite(
    async ({ name, description }: ReturnType<typeof schema.parse>) => {
      if (theme) await updateTheme(theme.id, { level: theme.level, name, description });
      else await createTheme({ level: levelId, name, description });
      toast('success', theme ? 'materials.themes.saved' : 'materials.themes.created', { name });
      await onSaved();
    },
    { onDone: onClose },
  );
  const form = useAppForm({
    defaultValues: { name: theme?.name ?? '', description: theme?.description ?? '' },
    validators: { onChange: schema, onSubmit: schema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(schema.parse(value), formApi),
  });
  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="theme-form">
      <div className={formBody}>
        <form.AppField name="name">{(f) => <f.TextField label="materials.themes.name" required autoFocus autoComplete="off" />}</form.AppField>
        <form.AppField name="description">{(f) => <f.TextareaField label="materials.themes.description" rows={5} />}</form.AppField>
      </div>
      <FormFooter write={write} onCancel={onClose} submitLabel={t('common.actions.save')} />
    </form>
  );
}
