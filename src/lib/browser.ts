// Default browser effects used by the machines' actions; tests and the app replace them through `.provide()`.

/** Client-side navigation: wouter patches history.pushState and re-renders on it. */
export function browserNavigate(to: string): void {
  history.pushState(null, '', to);
}

export function browserPath(): string {
  return typeof location === 'undefined' ? '/' : location.pathname;
}

/**
 * Reloads the page, after going back one page when `back` is set. history.back() is asynchronous: reloading at
 * once would reload the page we are leaving, so the reload waits for the popstate of the back navigation.
 */
export function reloadPage(options: { back?: boolean } = {}): void {
  if (!options.back) {
    location.reload();
    return;
  }
  addEventListener('popstate', () => location.reload(), { once: true });
  history.back();
}
