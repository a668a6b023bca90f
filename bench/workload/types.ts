// The staff workload's shapes, shared by the bench process (capacity.ts) and the load generator's process
// (generator.ts): who works (actors with their tokens and the records they touch), what a stage asks for, and
// what a stage measured.
import type { LatencySummary } from '../stats';

export type WorkRole = 'ADMINISTRATOR' | 'CALL_OPERATOR' | 'TEACHER' | 'ACCOUNTING' | 'DIRECTOR';

/** A lead as the workload knows it: its id, stage and archive flag (kept up to date by the workload's moves). */
export type KnownLead = { id: number; stage: string; is_archived: boolean };

/** One signed-in member of staff and the records of their branch that their steps use. */
export type Actor = {
  role: WorkRole;
  authorization: string;
  filial: number;
  students: { id: number; name: string }[];
  /** Members of the branch's groups with their group: whom the front desk takes payments from. */
  payers: { student: number; group: number }[];
  cashier: number | null;
  /** The income kind a payment is booked under. */
  kind: number | null;
  leads: KnownLead[];
  lessons: number[];
};

export type WorkloadSetup = {
  baseUrl: string;
  /** Every server process's address when there are several: requests go to each in turn, as a reverse proxy sends them. */
  baseUrls?: string[];
  actors: Actor[];
  /** Every request's X-Test-Now (the server runs with TEST_CLOCK_HEADER=1): the same afternoon for the whole run. */
  now: string;
  /** The previous calendar month for the reports. */
  month: [string, string];
};

export type StageJob = {
  id: number;
  sessions: number;
  seconds: number;
  thinkMs: number;
  /** Report latency per minute too (soak). */
  perMinute?: boolean;
  /** Before the stage, every actor takes each step of its round once, unmeasured (warms the reports' kept figures). */
  prime?: boolean;
};

/** Where a step's server time went, mean per step (ms): Server-Timing summed over the step's requests. */
export type TimeSplit = { pool: number; db: number; app: number; server: number };

export type StepFigure = LatencySummary & { step: string; errors: number; split: TimeSplit };

export type StageFigure = {
  sessions: number;
  seconds: number;
  think_ms: number;
  steps_per_second: number;
  requests_per_second: number;
  steps: StepFigure[];
  errors: number;
  /** Sample errors (status and path), at most 5. */
  error_samples: string[];
  /** The load generator's own CPU time over the stage, as a share of one core. */
  generator_cpu: number;
  /** p95 of the generator's event-loop delay (ms): a busy generator fires late. */
  generator_lag_p95_ms: number;
  /** Per minute of the stage (soak): steps' p95 across all steps and errors. */
  minutes?: { minute: number; p95: number; steps: number; errors: number }[];
};

export type StageReply = { id: number; figure?: StageFigure; error?: string };
