import { useSelector } from '@xstate/react';
import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useActors, useMe } from '../../app/hooks';
import { useT } from '../../i18n';
import { formatPhoneInput } from '../../lib/phone';
import { Button } from '../../ui/Button';
import { card } from '../../ui/Card';
import { LanguageSwitch } from '../common/LanguageSwitch';
import { Avatar } from '../../ui/Avatar';
import { connectBranch } from '../../machines/branch';

const row = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '180px 1fr' }, gap: { base: '0.5', sm: '4' }, py: '3', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0' } });
const term = css({ color: 'fg.muted', fontSize: 'sm' });

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={row}>
      <dt className={term}>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The signed-in person's own data, interface language and password. */
export default function ProfilePage() {
  const { t } = useT();
  const me = useMe();
  const { branch, passwordChange } = useActors();
  const options = useSelector(branch, (s) => connectBranch(s).branchOptions);
  const branchNames = me.filial.map((id) => options.find((o) => o.id === id)?.name ?? `#${id}`);
  const readableCount = me.pages.filter((p) => p.is_readable).length;
  return (
    <div className={css({ display: 'grid', gap: '5', maxW: '860px' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{t('shell.profile.title')}</h1>
      <section className={card}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '4', mb: '4' })}>
          <Avatar name={me.full_name} photo={me.photo?.file} size={64} />
          <div>
            <div className={css({ fontSize: 'xl', fontWeight: 'semibold' })} data-testid="profile-name">
              {me.full_name}
            </div>
            <div className={css({ color: 'fg.muted' })}>{t(`common.roles.${me.role}`)}</div>
          </div>
        </div>
        <dl>
          <Row label={t('shell.profile.fullName')}>{me.full_name}</Row>
          <Row label={t('shell.profile.phone')}>{formatPhoneInput(me.phone)}</Row>
          <Row label={t('shell.profile.role')}>{t(`common.roles.${me.role}`)}</Row>
          <Row label={t('shell.profile.branches')}>{branchNames.length ? branchNames.join(', ') : t('shell.profile.allBranches')}</Row>
          <Row label={t('shell.profile.pages')}>{readableCount}</Row>
          <Row label={t('shell.profile.language')}>
            <LanguageSwitch />
          </Row>
        </dl>
      </section>
      <section className={card}>
        <h2 className={css({ fontWeight: 'semibold', mb: '1' })}>{t('shell.profile.security')}</h2>
        <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '4' })}>{t('shell.profile.securityHint')}</p>
        <Button variant="outline" onClick={() => passwordChange.send({ type: 'dialog.open' })}>
          <KeyRound size={16} /> {t('shell.user.changePassword')}
        </Button>
      </section>
    </div>
  );
}
