// `npm run bench [-- <parts>] [--fresh] [--seconds=N] ...`: which parts run and with what settings.
// Parts: postgres, pglite (each backend's API benchmark), api (both), app (the app benchmark); none means all.

export type Part = 'postgres' | 'pglite' | 'app' | 'outbox' | 'capacity' | 'soak' | 'import';
export type BenchArgs = {
  parts: Set<Part>;
  fresh: boolean;
  postgresStudents: number;
  pgliteStudents: number;
  seed: number;
  connections: number[];
  seconds: number;
  warmupSeconds: number;
  sqlRepeats: number;
  /** Capacity: the concurrent staff sessions of each stage, its length, and the mean think time between steps. */
  levels: number[];
  stageSeconds: number;
  thinkMs: number;
  /** Soak: minutes, and sessions (default: half the last capacity figure). */
  soakMinutes: number;
  soakSessions: number | null;
  /** Capacity on a throwaway primary, without and with a streaming replica for the heavy reads. */
  replica: boolean;
  /** Capacity: server processes on the one database, the requests spread over them in turn (as a reverse proxy). */
  processes: number;
};

export const DEFAULTS: Omit<BenchArgs, 'parts' | 'fresh'> = {
  postgresStudents: 100_000,
  pgliteStudents: 10_000,
  seed: 1,
  connections: [1, 8, 32],
  seconds: 3,
  warmupSeconds: 1,
  sqlRepeats: 20,
  levels: [250, 500, 1000, 1500, 2000, 2500, 3000, 4000],
  stageSeconds: 60,
  thinkMs: 10_000,
  soakMinutes: 60,
  soakSessions: null,
  replica: false,
  processes: 1,
};

const positive = (name: string, raw: string, min = 1) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} takes an integer of at least ${min}, got "${raw}"`);
  return n;
};

export function parseArgs(argv: readonly string[]): BenchArgs {
  const parts = new Set<Part>();
  const out: BenchArgs = { ...DEFAULTS, connections: [...DEFAULTS.connections], parts, fresh: false };
  for (const arg of argv) {
    const [flag, value] = arg.startsWith('--') ? [arg.slice(2).split('=')[0], arg.split('=').slice(1).join('=')] : [null, arg];
    if (flag === null) {
      if (value === 'api') (parts.add('postgres'), parts.add('pglite'));
      else if (['postgres', 'pglite', 'app', 'outbox', 'capacity', 'soak', 'import'].includes(value)) parts.add(value as Part);
      else throw new Error(`unknown part "${value}" (postgres, pglite, api, app, outbox, capacity, soak, import)`);
      continue;
    }
    switch (flag) {
      case 'fresh': out.fresh = true; break;
      case 'replica': out.replica = true; break;
      case 'students': out.postgresStudents = positive(flag, value); break;
      case 'pglite-students': out.pgliteStudents = positive(flag, value); break;
      case 'seed': out.seed = positive(flag, value, 0); break;
      case 'seconds': out.seconds = positive(flag, value); break;
      case 'warmup': out.warmupSeconds = positive(flag, value, 0); break;
      case 'sql-repeats': out.sqlRepeats = positive(flag, value); break;
      case 'connections': out.connections = value.split(',').map((c) => positive(flag, c)); break;
      case 'levels': out.levels = value.split(',').map((c) => positive(flag, c)); break;
      case 'stage-seconds': out.stageSeconds = positive(flag, value); break;
      case 'think': out.thinkMs = positive(flag, value) * 1000; break;
      case 'minutes': out.soakMinutes = positive(flag, value); break;
      case 'sessions': out.soakSessions = positive(flag, value); break;
      case 'processes': out.processes = positive(flag, value); break;
      default: throw new Error(`unknown option --${flag}`);
    }
  }
  if (parts.size === 0) for (const p of ['postgres', 'pglite', 'app', 'outbox', 'capacity'] as const) parts.add(p);
  return out;
}
