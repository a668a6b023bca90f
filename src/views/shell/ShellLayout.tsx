import { QueryClientProvider } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { queryClient } from '../../api/queryClient';
import { AppFrameHandover, appFrameShown, useAppFrameDeadline } from '../../app/appFrameHandover';
import { useActors, useReadablePages } from '../../app/hooks';
import { canRead, matchRoute } from '../../app/routes';
import { useT } from '../../i18n';
import { connectBranch } from '../../machines/branch';
import { connectSidebar } from '../../machines/sidebar';
import ForbiddenPage from '../common/ForbiddenPage';
import NotFoundPage from '../common/NotFoundPage';
import { Header } from './Header';
import { mainColumn, pageArea } from './shellStyles';
import { Sidebar } from './Sidebar';
import { useShellShortcuts } from './useShellShortcuts';

/** Sidebar, header and the current page; lazily loaded after sign-in so the login page stays small. */
export default function ShellLayout() {
  const { t } = useT();
  const [location] = useLocation();
  const { sidebar, branch } = useActors();
  const readable = useReadablePages();
  const expanded = useSelector(sidebar, (s) => connectSidebar(s).expanded);
  // Pages read the branch at once: before the list is answered they would show "choose a branch" for a moment.
  const branchKnown = useSelector(branch, (s) => connectBranch(s).known);
  const route = matchRoute(location);
  const allowed = route ? canRead(route, readable) : true;
  useShellShortcuts();
  useAppFrameDeadline();
  // The page that takes the app frame over is already on screen: it does not slide in.
  const [frameLocation] = useState(() => (appFrameShown() ? location : null));

  const title = route ? t(route.title) : t('common.errors.notFound');
  useEffect(() => {
    document.title = `${title} · ${t('common.appName')}`;
  }, [title, t]);

  const Page = route?.component;
  const found = !route ? <NotFoundPage /> : !allowed ? <ForbiddenPage /> : Page ? <Page /> : null;
  // The app frame stays on screen until the page is: the hand-over commits with it.
  const page = branchKnown ? (
    <>
      {found}
      <AppFrameHandover />
    </>
  ) : null;

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
      <div className={mainColumn} data-expanded={expanded}>
        <Header route={route} />
        <main key={location} className={pageArea} data-enter={location === frameLocation ? 'none' : undefined} data-testid="page">
          <Suspense fallback={null}>{page}</Suspense>
        </main>
      </div>
    </QueryClientProvider>
  );
}
