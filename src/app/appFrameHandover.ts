// The hand-over from the app frame (the layout and title the server put into the HTML, src/app/AppFrame.tsx) to
// the app: the frame stays on screen until the commit that puts the page (or the login page) there, and is removed
// in that commit's layout effects, before the browser paints: never both titles, never an empty screen between.
import { useEffect, useLayoutEffect } from 'react';

export const APP_FRAME_ID = 'app-frame';
/** Set on <html> by public/early-preload.js when a session is stored: only then is the frame shown (index.css). */
export const FRAME_SHOWN_ATTR = 'data-frame';

/** True while the server's frame is on screen (not yet taken over). */
export function appFrameShown(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(FRAME_SHOWN_ATTR) && document.getElementById(APP_FRAME_ID) !== null;
}

export function removeAppFrame(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(APP_FRAME_ID)?.remove();
  document.documentElement.removeAttribute(FRAME_SHOWN_ATTR);
}

/**
 * The longest the frame stays once the shell is there: should the page never commit (a page that keeps loading, an
 * error), the staff get the live shell and its messages instead of an inert picture of it.
 */
export const FRAME_MAX_MS = 4000;

/** Removes the frame after FRAME_MAX_MS whatever the page does; used by the shell from its first render. */
export function useAppFrameDeadline(): void {
  useEffect(() => {
    const timer = setTimeout(removeAppFrame, FRAME_MAX_MS);
    return () => clearTimeout(timer);
  }, []);
}

/** Rendered beside the page inside its Suspense boundary: it commits together with the page, never before it. */
export function AppFrameHandover(): null {
  useLayoutEffect(removeAppFrame, []);
  return null;
}
