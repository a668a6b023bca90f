// Every statement node-postgres sends from this process, while recording: the round trips a piece of server code
// makes (bench/markingRoundTrips.ts, bench/jobTimes.ts). Patches pg.Client once, on import.
import pg from 'pg';

type Query = (...args: unknown[]) => unknown;

/** The statements sent since the last start(), each cut to 140 characters on one line. */
export const statementLog = { recording: false, statements: [] as string[] };

export function startRecording(): void {
  statementLog.statements.length = 0;
  statementLog.recording = true;
}

/** Stops recording; answers the statements recorded. */
export function stopRecording(): string[] {
  statementLog.recording = false;
  return statementLog.statements;
}

const query = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
  if (statementLog.recording) {
    const first = args[0] as string | { text?: string };
    statementLog.statements.push(String(typeof first === 'string' ? first : first?.text).replace(/\s+/g, ' ').slice(0, 140));
  }
  return query.apply(this, args);
};
