import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useSelector } from '@xstate/react';
import { Bell, Check } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { useActors } from '../../app/hooks';
import { useT } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { button } from '../../ui/Button';
import { floatingPanel } from '../../ui/popover';
import { connectNotifications } from '../../machines/notifications';

const badge = css({
  position: 'absolute',
  top: '1',
  insetEnd: '1',
  minW: '4.5',
  h: '4.5',
  px: '1',
  borderRadius: 'full',
  bg: 'danger.default',
  color: 'white',
  fontSize: '10px',
  fontWeight: 'bold',
  display: 'grid',
  placeItems: 'center',
  lineHeight: '1',
});
const item = css({ display: 'flex', gap: '3', alignItems: 'flex-start', px: '4', py: '3', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0' } });

/** The bell: unread notifications with date, time and a mark-read button (spec section 2). */
export function NotificationBell() {
  const { t, lang } = useT();
  const { notifications } = useActors();
  const items = useSelector(notifications, (s) => connectNotifications(s).notifications);
  return (
    <Popover.Root positioning={{ placement: 'bottom-end', gutter: 8 }} lazyMount unmountOnExit>
      <Popover.Trigger className={button({ variant: 'ghost', size: 'icon' })} aria-label={t('shell.notifications.open')} data-testid="bell" style={{ position: 'relative' }}>
        <Bell size={20} />
        {items.length > 0 ? (
          <span className={badge} data-testid="bell-count">
            {items.length > 99 ? '99+' : items.length}
          </span>
        ) : null}
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content className={floatingPanel} style={{ width: 'min(360px, calc(100vw - 24px))' }} data-testid="notifications-panel">
            <Popover.Title className={css({ px: '4', py: '3', fontWeight: 'semibold', borderBottomWidth: '1px', borderColor: 'border.default' })}>
              {t('shell.notifications.title')}
            </Popover.Title>
            <div className={css({ maxH: '420px', overflowY: 'auto' })}>
              {items.length === 0 ? (
                <p className={css({ px: '4', py: '8', textAlign: 'center', color: 'fg.muted' })}>{t('shell.notifications.empty')}</p>
              ) : (
                <ul>
                  {items.map((n) => (
                    <li key={n.id} className={item} data-testid="notification">
                      <div className={css({ flex: '1', minW: '0' })}>
                        {n.link ? (
                          // A notification with a link opens what it is about (a task, a commented student...) and counts as read.
                          <Popover.CloseTrigger asChild>
                            <Link
                              href={n.link}
                              className={css({ display: 'block', fontSize: 'sm', wordBreak: 'break-word', color: 'accent.fg', textDecoration: 'underline', textUnderlineOffset: '2px' })}
                              onClick={() => notifications.send({ type: 'notification.markRead', id: n.id })}
                              data-testid="notification-link"
                            >
                              {n.comment}
                            </Link>
                          </Popover.CloseTrigger>
                        ) : (
                          <p className={css({ fontSize: 'sm', wordBreak: 'break-word' })}>{n.comment}</p>
                        )}
                        <time dateTime={n.created_at} className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                          {formatDateTime(n.created_at, lang)}
                        </time>
                      </div>
                      <button
                        type="button"
                        className={button({ variant: 'outline', size: 'sm' })}
                        onClick={() => notifications.send({ type: 'notification.markRead', id: n.id })}
                        aria-label={t('shell.notifications.markRead')}
                        title={t('shell.notifications.markRead')}
                      >
                        <Check size={14} />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
