import { useSelector } from '@xstate/react';
import { Eye, EyeOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { signInIssues } from '../../../contract/signIn';
import { useActors } from '../../app/hooks';
import { translateIssue, useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { PhoneField } from '../../ui/PhoneField';
import { LanguageSwitch } from '../common/LanguageSwitch';
import { connectLogin } from '../../machines/login';

// The first screen, so it stays light: two fields in React state checked with the contract's sign-in rules (no
// zod, no form library); the errors show from the first submit on and follow the typing after that.

const page = css({
  minH: '100dvh',
  display: 'grid',
  placeItems: 'center',
  p: '4',
  bg: 'linear-gradient(160deg, #eef3ff 0%, #f5f7fb 45%, #eaf6f1 100%)',
});
const panel = css({ w: 'full', maxW: '400px', bg: 'bg.surface', borderRadius: 'card', boxShadow: 'popover', p: { base: '6', sm: '8' } });
const brand = css({ display: 'flex', alignItems: 'center', gap: '3', mb: '6' });
const logo = css({ w: '10', h: '10', borderRadius: '10px', bg: 'accent.default', color: 'fg.onAccent', display: 'grid', placeItems: 'center', fontWeight: 'bold', fontSize: 'lg' });
const formError = css({ mb: '4', p: '3', borderRadius: 'control', bg: 'danger.subtle', color: 'danger.default', fontSize: 'sm' });

export default function LoginPage() {
  const { t } = useT();
  const { login } = useActors();
  const submitting = useSelector(login, (s) => connectLogin(s).submitting);
  const error = useSelector(login, (s) => connectLogin(s).loginError);
  const [showPassword, setShowPassword] = useState(false);
  const [values, setValues] = useState({ phone: '+998 ', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const issues = submitted ? signInIssues(values) : {};

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(signInIssues(values)).length > 0) return;
    login.send({ type: 'login.submit', phone: values.phone, password: values.password });
  };

  const errorText =
    error?.kind === 'invalid'
      ? t('auth.invalid')
      : error?.kind === 'throttled'
        ? t('auth.throttled', { seconds: error.retryAfter ?? 60 })
        : error?.kind === 'network'
          ? t('auth.network')
          : error?.kind === 'validation'
            ? // The server already answers in the interface language (Accept-Language).
              Object.values(error.fields ?? {}).flat().map((m) => t(m)).join(' ') || t('common.errors.unknown')
            : null;

  return (
    <div className={page}>
      <main className={panel}>
        <div className={brand}>
          <div className={logo} aria-hidden="true">
            M
          </div>
          <div>
            <div className={css({ fontWeight: 'bold', fontSize: 'xl' })}>{t('common.appName')}</div>
            <div className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('auth.subtitle')}</div>
          </div>
        </div>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold', mb: '5' })}>{t('auth.title')}</h1>
        {errorText ? (
          <div role="alert" className={formError} data-testid="login-error">
            {errorText}
          </div>
        ) : null}
        <form noValidate onSubmit={submit} className={css({ display: 'grid', gap: '4' })}>
          <PhoneField
            name="phone"
            label={t('auth.phone')}
            required
            autoComplete="username"
            value={values.phone}
            onValueChange={(phone) => setValues((v) => ({ ...v, phone }))}
            error={translateIssue(issues.phone, t) || null}
          />
          <Field
            name="password"
            label={t('auth.password')}
            required
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
            error={translateIssue(issues.password, t) || null}
            end={
              <Button
                variant="ghost"
                size="sm"
                aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
                onClick={() => setShowPassword((v) => !v)}
              >
                {showPassword ? <EyeOff size={16} /> : <Eye size={16} />}
              </Button>
            }
          />
          <Button type="submit" size="lg" full disabled={submitting}>
            {submitting ? t('auth.submitting') : t('auth.submit')}
          </Button>
        </form>
        <p className={css({ mt: '5', fontSize: 'xs', color: 'fg.muted' })}>{t('auth.footer')}</p>
        <div className={css({ mt: '4', display: 'flex', justifyContent: 'center' })}>
          <LanguageSwitch />
        </div>
      </main>
    </div>
  );
}
