// The shape of a benchmark run as kept in bench/results/latest.json: the machine, then one section per backend
// (API latency under load, the same requests' raw SQL, the server's peak memory) and the app benchmark's rows.
import type { LatencySummary } from './stats';
import type { CapacityResult } from './workload/capacity';
import type { ReplicaCapacityResult } from './workload/replicaCapacity';
import type { SoakResult } from './workload/soak';

export type Backend = 'postgres' | 'pglite';

export type Machine = { cpu: string; cores: number; memory_gb: number; node: string; postgres: string | null; os: string };

/** One load run of one endpoint at one number of connections. */
export type LoadFigure = LatencySummary & {
  connections: number;
  seconds: number;
  rps: number;
  non2xx: number;
  errors: number;
  /** Responses over the warm-up and the measured run together (what the server's CPU time is divided by). */
  answered_with_warmup?: number;
  /** CPU time (user + system) of the server process per answered request over the warm-up and the run, in ms. */
  server_cpu_ms?: number | null;
};

/** The raw SQL behind one request, replayed from the bench process. */
export type SqlFigure = { statements: number; median_ms: number; per_statement_ms: number[] };

export type EndpointKind = 'list' | 'report';

export type EndpointResult = {
  name: string;
  path: string;
  role: string;
  kind: EndpointKind;
  /** Rows in the response (results length) and the total count it reports, when it has them. */
  rows: number | null;
  count: number | null;
  load: LoadFigure[];
  sql: SqlFigure | null;
  /** API p50 at one connection over the summed SQL median. */
  api_over_sql: number | null;
  /** What the SQL and its plans show (repeated statements, large sequential scans, slow statements). */
  findings: string[];
};

export type BackendResult = {
  backend: Backend;
  date: string;
  students: number;
  seed: number;
  database: string;
  endpoints: EndpointResult[];
  /** VmHWM of the server process over the heaviest load (MB). */
  peak_rss_mb: number | null;
};

export type AppRow = { name: string; value: number; unit: string; budget?: number; ok?: boolean };
export type AppResult = { date: string; base_url: string; rows: AppRow[]; error?: string };

/** The parents' outbox (bench/outbox.ts): the sender's throughput and the lists with 10,000 waiting messages. */
export type OutboxResult = {
  date: string;
  backend: 'postgres';
  messages: number;
  /** Messages the fake gateway received, and how many of them twice (must be 0). */
  handed: number;
  duplicates: number;
  /** Messages each of the two concurrent senders sent. */
  senders: number[];
  seconds: number;
  per_second: number;
  lists: { path: string; before: { p50_ms: number; p95_ms: number }; after: { p50_ms: number; p95_ms: number } }[];
};

/** The move-in import (bench/importBench.ts): 20,000 students from one .xlsx, preview then commit. */
export type ImportBenchResult = {
  date: string;
  backend: 'postgres';
  students: number;
  file_bytes: number;
  counts: { rows: number; new: number; match: number; error: number };
  preview_seconds: number;
  commit_seconds: number;
  seconds: number;
};

export type BenchResults = {
  machine: Machine;
  date: string;
  postgres?: BackendResult;
  pglite?: BackendResult;
  app?: AppResult;
  outbox?: OutboxResult;
  capacity?: CapacityResult;
  capacity_replica?: ReplicaCapacityResult;
  soak?: SoakResult;
  import?: ImportBenchResult;
};
