import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { App } from './app/App';
import { followBrowserRoute } from './app/followRoute';
import { sectionOfPath } from './app/nav';
import { preloadShellAndPage } from './app/shellLoader';
import { initI18n } from './i18n';
import { reloadPage } from './lib/browser';
import { REFRESH_TOKEN_KEY } from './lib/storage';
import { createAppActors } from './machines/appActors';
import { devInspector } from './machines/inspect';
import './index.css';

// What the login page shows; the shell loads its own namespaces with its code (app/shellLoader.ts).
const NAMESPACES = ['common', 'auth', 'validation'];
// Long enough to read the branch-changed toast before the page reloads.
const RELOAD_DELAY_MS = 700;

async function boot() {
  // Probably signed in: fetch the shell and this page's code while the translations and the gate's check run.
  if (localStorage.getItem(REFRESH_TOKEN_KEY) && location.pathname !== '/login') preloadShellAndPage(location.pathname);
  const translations = initI18n(NAMESPACES);
  const actors = createAppActors({
    navigate: (to) => navigate(to),
    reload: (options) => setTimeout(() => reloadPage(options), RELOAD_DELAY_MS),
    sectionOfPath,
    preload: preloadShellAndPage,
    inspect: devInspector(),
  });
  // The gate checks the session (GET /auth/me/) while the translations load; the first render waits for them.
  followBrowserRoute(actors.gate);
  await translations;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App actors={actors} />
    </StrictMode>,
  );
}

void boot();
