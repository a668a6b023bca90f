import { QueryClientProvider } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { css } from 'styled-system/css';
import { queryClient } from '../../api/queryClient';
import { useActors, useReadablePages } from '../../app/hooks';
import { canRead, matchRoute } from '../../app/routes';
import { useT } from '../../i18n';
import { connectSidebar } from '../../machines/sidebar';
import ForbiddenPage from '../common/ForbiddenPage';
import NotFoundPage from '../common/NotFoundPage';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { useShellShortcuts } from './useShellShortcuts';

const DESKTOP = '@media (min-width: 1024px)';

const main = css({
  minH: '100dvh',
  transition: 'padding 180ms ease',
  [DESKTOP]: { ps: '75px', '&[data-expanded=true]': { ps: '16rem' } },
});
const content = css({ p: { base: '4', md: '6' }, animation: 'pageIn 220ms ease-out' });

/** Sidebar, header and the current page; lazily loaded after sign-in so the login page stays small. */
export default function ShellLayout() {
  const { t } = useT();
  const [location] = useLocation();
  const { sidebar } = useActors();
  const readable = useReadablePages();
  const expanded = useSelector(sidebar, (s) => connectSidebar(s).expanded);
  const route = matchRoute(location);
  const allowed = route ? canRead(route, readable) : true;
  useShellShortcuts();

  const title = route ? t(route.title) : t('common.errors.notFound');
  useEffect(() => {
    document.title = `${title} · ${t('common.appName')}`;
  }, [title, t]);

  const Page = route?.component;
  const page = !route ? <NotFoundPage /> : !allowed ? <ForbiddenPage /> : Page ? <Page /> : null;

  if (route?.bare && allowed) {
    // Spec: /edu/test/create hides the sidebar and header and has no padding.
    return (
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>{page}</Suspense>
      </QueryClientProvider>
    );
  }
  // Server data of the signed-in areas lives in the Query cache; the login page does not need the library.
  return (
    <QueryClientProvider client={queryClient}>
      <Sidebar />
      <div className={main} data-expanded={expanded}>
        <Header route={route} />
        <main key={location} className={content} data-testid="page">
          <Suspense fallback={null}>{page}</Suspense>
        </main>
      </div>
    </QueryClientProvider>
  );
}
