import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import { subjectCreate } from '../../../../../contract/catalogue';
import { useT } from '../../../../i18n';
import { Dialog } from '../../../../ui/Dialog';
import { FormTextField, submitWith } from '../../../common/FormTextField';
import { saveProblem } from './errorText';
import { FormAlert, FormFooter, formBody } from './FormParts';

// `{name}` alone: the subject's create schema is exactly the rule for any catalogue name.
const schema = subjectCreate;

type NameDialogProps = {
  open: boolean;
  title: string;
  label: string;
  initialName?: string;
  onClose: () => void;
  /** Sends the trimmed name; resolves when the server took it. */
  save: (name: string) => Promise<unknown>;
  testId?: string;
};

/** Create or rename something that only has a name (a subject, a level). */
export function NameDialog({ open, title, label, onClose, ...rest }: NameDialogProps) {
  const { t } = useT();
  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel={t('common.actions.close')} maxWidth="425px">
      {/* Mounted only while open: every opening starts from the item's current name. */}
      <NameForm label={label} onClose={onClose} {...rest} />
    </Dialog>
  );
}

function NameForm({ label, initialName = '', onClose, save, testId }: Omit<NameDialogProps, 'open' | 'title'>) {
  const { t } = useT();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    defaultValues: { name: initialName },
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: async ({ value }) => {
      setProblem(null);
      try {
        await save(schema.parse(value).name);
        onClose();
      } catch (error) {
        setProblem(saveProblem(form, error, ['name'], t));
      }
    },
  });
  return (
    <form noValidate onSubmit={submitWith(form)} data-testid={testId}>
      <div className={formBody}>
        <form.Field name="name">{(field) => <FormTextField field={field} label={label} required autoFocus autoComplete="off" />}</form.Field>
        <FormAlert>{problem}</FormAlert>
      </div>
      <form.Subscribe selector={(s) => s.isSubmitting}>{(saving) => <FormFooter onCancel={onClose} saving={saving} />}</form.Subscribe>
    </form>
  );
}
