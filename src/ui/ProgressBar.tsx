import { css } from 'styled-system/css';

const track = css({ position: 'fixed', top: '0', insetX: '0', h: '3px', overflow: 'hidden', zIndex: 'toast', pointerEvents: 'none' });
const bar = css({ h: 'full', w: '40%', bg: 'accent.default', animation: 'progress 900ms ease-in-out infinite' });

/** The thin bar at the top from the start of a route change until it completes or fails (spec section 2). */
export function ProgressBar({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <div className={track} role="progressbar" aria-busy="true" data-testid="route-progress">
      <div className={bar} />
    </div>
  );
}
