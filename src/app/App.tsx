import { useSelector } from '@xstate/react';
import { Suspense, useLayoutEffect } from 'react';
import { connectAuthGate } from '../machines/authGate';
import type { AppActors } from '../machines/appActors';
import { ProgressBar } from '../ui/ProgressBar';
import { ToastViewport } from '../views/common/ToastViewport';
import LoginPage from '../views/login/LoginPage';
import { removeAppFrame } from './appFrameHandover';
import { ActorsContext, useActors } from './hooks';
import { lazyLoaded } from './lazyLoaded';
import { loadShell } from './shellLoader';

// The shell (sidebar, header, dialogs, pages) is its own chunk: the login page's first load stays small. Once
// preloaded it renders with the page in one pass.
const ShellLayout = lazyLoaded(loadShell);

function GateView() {
  const { gate } = useActors();
  const view = useSelector(gate, (s) => connectAuthGate(s).gateView);
  const busy = useSelector(gate, (s) => connectAuthGate(s).busy);
  // Signed out after all (the stored session was refused): the login page replaces the app frame.
  useLayoutEffect(() => {
    if (view === 'public') removeAppFrame();
  }, [view]);
  return (
    <>
      <ProgressBar active={busy} />
      {view === 'public' ? <LoginPage /> : null}
      {view === 'page' ? (
        <Suspense fallback={<ProgressBar active />}>
          <ShellLayout />
        </Suspense>
      ) : null}
    </>
  );
}

export function App({ actors }: { actors: AppActors }) {
  return (
    <ActorsContext.Provider value={actors}>
      <GateView />
      <ToastViewport />
    </ActorsContext.Provider>
  );
}
