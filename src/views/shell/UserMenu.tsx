import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { useSelector } from '@xstate/react';
import { ChevronDown, KeyRound, LogOut, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { css } from 'styled-system/css';
import { useActors, useMe } from '../../app/hooks';
import { useT } from '../../i18n';
import { floatingPanel, menuItem } from '../../ui/popover';
import { Avatar } from '../../ui/Avatar';
import { connectPasswordChange } from '../../machines/passwordChange';

// The dialogs (and their form and dialog code) load when first opened, not with every signed-in page.
const PasswordDialog = lazy(() => import('./PasswordDialog').then((m) => ({ default: m.PasswordDialog })));
const ConfirmDialog = lazy(() => import('../../ui/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/** True from the first time `open` is true on: a dialog stays mounted after that, so it can animate closed. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

const trigger = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  h: '11',
  ps: '1',
  pe: '2',
  borderRadius: 'control',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
});
const nameBlock = css({ display: 'none', textAlign: 'start', lineHeight: '1.2', sm: { display: 'block' } });

/** Profile, Change password (dialog) and Logout (confirmation), with the role label (spec section 2). */
export function UserMenu() {
  const { t } = useT();
  const me = useMe();
  const { gate, passwordChange } = useActors();
  const [, navigate] = useLocation();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const passwordOpen = useSelector(passwordChange, (s) => connectPasswordChange(s).dialogOpen);
  const passwordMounted = useOpenedOnce(passwordOpen);
  const logoutMounted = useOpenedOnce(confirmLogout);
  return (
    <>
      <Menu.Root
        positioning={{ placement: 'bottom-end', gutter: 8 }}
        onSelect={({ value }) => {
          if (value === 'profile') navigate('/profile');
          if (value === 'password') passwordChange.send({ type: 'dialog.open' });
          if (value === 'logout') setConfirmLogout(true);
        }}
      >
        <Menu.Trigger className={trigger} aria-label={t('shell.user.menu')} data-testid="user-menu">
          <Avatar name={me.full_name} photo={me.photo?.file} />
          <span className={nameBlock}>
            <span className={css({ display: 'block', fontWeight: 'semibold', fontSize: 'sm', maxW: '180px', truncate: true })}>{me.full_name}</span>
            <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })} data-testid="role-label">
              {t(`common.roles.${me.role}`)}
            </span>
          </span>
          <ChevronDown size={16} aria-hidden="true" className={css({ color: 'fg.muted' })} />
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content className={floatingPanel} style={{ minWidth: 220, padding: 6 }}>
              <Menu.Item value="profile" className={menuItem}>
                <UserRound size={16} /> {t('shell.user.profile')}
              </Menu.Item>
              <Menu.Item value="password" className={menuItem}>
                <KeyRound size={16} /> {t('shell.user.changePassword')}
              </Menu.Item>
              <Menu.Separator className={css({ my: '1', borderTopWidth: '1px', borderColor: 'border.default' })} />
              <Menu.Item value="logout" className={menuItem} style={{ color: 'var(--colors-danger-default)' }}>
                <LogOut size={16} /> {t('shell.user.logout')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <Suspense fallback={null}>
        {passwordMounted ? <PasswordDialog /> : null}
        {logoutMounted ? (
          <ConfirmDialog
            open={confirmLogout}
            title={t('shell.logout.title')}
            description={t('shell.logout.description')}
            cancelLabel={t('shell.logout.cancel')}
            confirmLabel={t('shell.logout.confirm')}
            tone="danger"
            onCancel={() => setConfirmLogout(false)}
            onConfirm={() => {
              setConfirmLogout(false);
              gate.send({ type: 'session.logout' });
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
