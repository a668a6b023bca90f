// The signed-in shell (sidebar, header, pages) as one lazily loaded unit: its code, the namespaces it needs and
// zod's messages for its forms. Started early when the user is (probably) signed in: at boot with tokens in
// storage, or on the sign-in submit, so it loads while the server answers.
import type { ComponentType } from 'react';
import { currentLang, loadNamespaces } from '../i18n';

/** Namespaces of the sidebar and header; the login page needs only common, auth and validation. */
export const SHELL_NAMESPACES = ['shell', 'nav'] as const;

let loading: Promise<{ default: ComponentType }> | null = null;

export function loadShell(): Promise<{ default: ComponentType }> {
  loading ??= Promise.all([
    import('../views/shell/ShellLayout'),
    import('../i18n/zodLocale').then((m) => m.followZodLocale()),
    loadNamespaces(currentLang(), SHELL_NAMESPACES),
  ]).then(
    ([shell]) => shell,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Also starts the page of `pathname` and the auth answers' schemas, so neither waits for the step before it (the
 * shell rendering, the session check's answer). Failures are left to the real loads, which retry.
 */
export function preloadShellAndPage(pathname: string): void {
  loadShell().catch(() => undefined);
  import('../api/authSchemas').catch(() => undefined);
  import('./routes').then((routes) => routes.preloadRoute(pathname)).catch(() => undefined);
}
