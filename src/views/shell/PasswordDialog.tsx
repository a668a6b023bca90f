import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { passwordForm } from '../../../contract/auth';
import { useActors } from '../../app/hooks';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { Dialog, dialogFooter } from '../../ui/Dialog';
import { submitWith, useAppForm } from '../../ui/form';
import { connectPasswordChange } from '../../machines/passwordChange';

const schema = passwordForm();

/** Spec section 5: new_password and repeat_password, reset and save, 425px wide, fields reset whenever it closes. */
export function PasswordDialog() {
  const { t } = useT();
  const { passwordChange } = useActors();
  const open = useSelector(passwordChange, (s) => connectPasswordChange(s).dialogOpen);
  return (
    <Dialog
      open={open}
      onClose={() => passwordChange.send({ type: 'dialog.close' })}
      title={t('shell.password.title')}
      description={t('shell.password.description')}
      closeLabel={t('common.actions.close')}
      maxWidth="425px"
    >
      {/* Mounted only while open, so closing always resets the fields. */}
      <PasswordForm />
    </Dialog>
  );
}

function PasswordForm() {
  const { t } = useT();
  const { passwordChange } = useActors();
  const saving = useSelector(passwordChange, (s) => connectPasswordChange(s).saving);
  const form = useAppForm({
    defaultValues: { new_password: '', repeat_password: '' },
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: ({ value }) => passwordChange.send({ type: 'form.submit', new_password: value.new_password }),
  });
  return (
    <form
      noValidate
      onSubmit={submitWith(form)}
      className={css({ display: 'grid', gap: '4' })}
      data-testid="password-form"
    >
      <form.AppField name="new_password">
        {(f) => <f.TextField label="shell.password.new" required type="password" autoComplete="new-password" />}
      </form.AppField>
      <form.AppField name="repeat_password">
        {(f) => <f.TextField label="shell.password.repeat" required type="password" autoComplete="new-password" />}
      </form.AppField>
      <div className={dialogFooter}>
        <Button variant="outline" onClick={() => form.reset()}>
          {t('shell.password.reset')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('shell.password.saving') : t('shell.password.save')}
        </Button>
      </div>
    </form>
  );
}
