import { subjectCreate } from '../../../../../contract/catalogue';
import { useT } from '../../../../i18n';
import { Dialog } from '../../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../../ui/form';
import { formBody } from '../../../../ui/form/FormAlert';
import { FormFooter } from '../../../../ui/form/FormFooter';
import { useWrite } from '../../../common/useWrite';

// `{name}` alone: the subject's create schema is exactly the rule for any catalogue name.
const schema = subjectCreate;

type NameDialogProps = {
  open: boolean;
  title: string;
  /** The name field's label, an i18n key. */
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
  const write = useWrite(({ name }: ReturnType<typeof schema.parse>) => save(name), { onDone: onClose });
  const form = useAppForm({
    defaultValues: { name: initialName },
    validators: { onChange: schema, onSubmit: schema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(schema.parse(value), formApi),
  });
  return (
    <form noValidate onSubmit={submitWith(form)} data-testid={testId}>
      <div className={formBody}>
        <form.AppField name="name">{(f) => <f.TextField label={label} required autoFocus autoComplete="off" />}</form.AppField>
      </div>
      <FormFooter write={write} onCancel={onClose} submitLabel={t('common.actions.save')} />
    </form>
  );
}
