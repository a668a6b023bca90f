// When a session's steps come: think times drawn from an exponential (mean `thinkMs`, cut at four times it), and the
// first step one such think time after the stage starts, like every later one. Each session is then (nearly) a
// Poisson process, and so are all of them together, from the stage's first second: the load is the stage's rate
// throughout. A first step spread evenly over the first think time (as before) added every session's later steps
// to the first steps still coming, doubling the rate at the end of the first think time: a sixth of a 60 s stage
// ran at up to twice its load, and its tail decided the stage's p95.

/** One think time (ms). */
export function thinkTime(random: () => number, thinkMs: number): number {
  return Math.min(thinkMs * 4, -Math.log(1 - random()) * thinkMs);
}

/** A session's step times, ms after the stage's start, without end. */
export function* stepTimes(random: () => number, thinkMs: number): Generator<number, never> {
  let at = 0;
  for (;;) {
    at += thinkTime(random, thinkMs);
    yield at;
  }
}
