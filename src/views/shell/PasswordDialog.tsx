import { useForm } from '@tanstack/react-form';
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { passwordForm } from '../../../contract/auth';
import { useActors } from '../../app/hooks';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { Dialog, dialogFooter } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { firstError } from '../common/formErrors';

const schema = passwordForm();

/** Spec section 5: new_password and repeat_password, reset and save, 425px wide, fields reset whenever it closes. */
export function PasswordDialog() {
  const { t } = useT();
  const { passwordChange } = useActors();
  const open = useSelector(passwordChange, (s) => s.matches('open'));
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
  const saving = useSelector(passwordChange, (s) => s.matches({ open: 'saving' }));
  const form = useForm({
    defaultValues: { new_password: '', repeat_password: '' },
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: ({ value }) => passwordChange.send({ type: 'form.submit', new_password: value.new_password }),
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
      className={css({ display: 'grid', gap: '4' })}
      data-testid="password-form"
    >
      <form.Field name="new_password">
        {(field) => (
          <Field
            label={t('shell.password.new')}
            required
            type="password"
            name="new_password"
            autoComplete="new-password"
            value={field.state.value}
            onBlur={field.handleBlur}
            onChange={(e) => field.handleChange(e.target.value)}
            error={field.state.meta.isTouched || form.state.submissionAttempts > 0 ? firstError(field.state.meta.errors, t) : null}
          />
        )}
      </form.Field>
      <form.Field name="repeat_password">
        {(field) => (
          <Field
            label={t('shell.password.repeat')}
            required
            type="password"
            name="repeat_password"
            autoComplete="new-password"
            value={field.state.value}
            onBlur={field.handleBlur}
            onChange={(e) => field.handleChange(e.target.value)}
            error={field.state.meta.isTouched || form.state.submissionAttempts > 0 ? firstError(field.state.meta.errors, t) : null}
          />
        )}
      </form.Field>
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
