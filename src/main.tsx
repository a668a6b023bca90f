import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { App } from './app/App';
import { followBrowserRoute } from './app/followRoute';
import { sectionOfPath } from './app/nav';
import { initI18n } from './i18n';
import { reloadPage } from './lib/browser';
import { createAppActors } from './machines/appActors';
import { createDevInspector } from './machines/inspect';
import './index.css';

const NAMESPACES = ['common', 'auth', 'validation', 'shell', 'nav'];
// Long enough to read the branch-changed toast before the page reloads.
const RELOAD_DELAY_MS = 700;

async function boot() {
  await initI18n(NAMESPACES);
  const actors = createAppActors({
    navigate: (to) => navigate(to),
    reload: (options) => setTimeout(() => reloadPage(options), RELOAD_DELAY_MS),
    sectionOfPath,
    inspect: createDevInspector(),
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App actors={actors} />
    </StrictMode>,
  );
  followBrowserRoute(actors.gate);
}

void boot();
