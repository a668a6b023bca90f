import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import { themeCreate, type Theme } from '../../../../../contract/catalogue';
import { createTheme, updateTheme } from '../../../../api/catalogue';
import { useT } from '../../../../i18n';
import { Dialog } from '../../../../ui/Dialog';
import { FormTextField, submitWith } from '../../../common/FormTextField';
import { saveProblem } from '../parts/errorText';
import { FormAlert, FormFooter, formBody } from '../parts/FormParts';
import { FormTextArea } from '../../../common/FormTextArea';
import { useToast } from '../parts/useToast';

// The form always holds a description (maybe empty), so it is required here.
const schema = themeCreate.pick({ name: true, description: true }).required();

type ThemeDialogProps = {
  /** null: closed; 'new': a new theme at the end of the level; a theme: edit it. */
  editing: Theme | 'new' | null;
  levelId: number;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
};

/** Create or edit a theme: its name and description (a new one goes to the end of the level's order). */
export function ThemeDialog({ editing, levelId, onClose, onSaved }: ThemeDialogProps) {
  const { t } = useT();
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? t('materials.themes.createTitle') : t('materials.themes.editTitle')}
      closeLabel={t('common.actions.close')}
      maxWidth="520px"
    >
      {editing !== null ? <ThemeForm theme={editing === 'new' ? null : editing} levelId={levelId} onClose={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function ThemeForm({ theme, levelId, onClose, onSaved }: { theme: Theme | null; levelId: number; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const { t } = useT();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    defaultValues: { name: theme?.name ?? '', description: theme?.description ?? '' },
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: async ({ value }) => {
      setProblem(null);
      const { name, description } = schema.parse(value);
      try {
        if (theme) await updateTheme(theme.id, { level: theme.level, name, description });
        else await createTheme({ level: levelId, name, description });
        toast('success', theme ? 'materials.themes.saved' : 'materials.themes.created', { name });
        await onSaved();
        onClose();
      } catch (error) {
        setProblem(saveProblem(form, error, ['name', 'description'], t));
      }
    },
  });
  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="theme-form">
      <div className={formBody}>
        <form.Field name="name">{(field) => <FormTextField field={field} label={t('materials.themes.name')} required autoFocus autoComplete="off" />}</form.Field>
        <form.Field name="description">{(field) => <FormTextArea field={field} label={t('materials.themes.description')} rows={5} />}</form.Field>
        <FormAlert>{problem}</FormAlert>
      </div>
      <form.Subscribe selector={(s) => s.isSubmitting}>{(saving) => <FormFooter onCancel={onClose} saving={saving} />}</form.Subscribe>
    </form>
  );
}
