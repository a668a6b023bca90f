// The server's one source of "now". Every rule that depends on the time (attendance opening at a lesson's start,
// charges only for lessons that have begun, freezes starting and ending, rosters, monitoring, what "today" is)
// takes the instant from a Clock handed in by its caller: the app's (AppDeps.clock) for requests, the jobs' own
// for the timers. Tests and simulations pass a manual clock and move it; nothing here knows about HTTP.

export type Clock = {
  /** The current instant. */
  now(): Date;
};

/** The real time. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until it is set or advanced (tests and the month-long simulation). */
export type ManualClock = Clock & {
  /** Sets the instant: an ISO 8601 string with offset (or a Date). */
  set(at: string | Date): void;
  /** Moves the clock forward (or back, with a negative amount) by `ms` milliseconds. */
  advance(ms: number): void;
};

export function manualClock(start: string | Date = new Date()): ManualClock {
  const parse = (at: string | Date) => {
    const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
    if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${String(at)}`);
    return ms;
  };
  let current = parse(start);
  return {
    now: () => new Date(current),
    set(at) {
      current = parse(at);
    },
    advance(ms) {
      current += ms;
    },
  };
}
