// What every request handler can rely on: the app's dependencies and, behind requireAuth, the signed-in user.
import type { LimitFunction } from 'p-limit';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { HeavyReads } from '../db/replica';
import type { TokenService } from '../auth/tokens';
import type { AuthUser } from '../domain/core/actor';
import type { Clock } from '../domain/core/clock';
import type { SpreadsheetUpload } from './spreadsheetUpload';
import type { TelegramService } from '../messaging/providers';

export type { AuthUser };

export type AppDeps = {
  db: Db;
  config: Config;
  /** Resolves once the signing secret has been read or generated. */
  tokens: () => Promise<TokenService>;
  /**
   * Runs a whole-period report (finance, admin, education): at most REPORT_CONCURRENCY at once per process, the
   * rest wait their turn here. A report reads hundreds of thousands of rows on several connections; a burst of
   * them would otherwise hold the pool until the lists' requests give up waiting for a connection (503).
   */
  reports: LimitFunction;
  /**
   * Runs a spreadsheet import after its file passed the upload guard (http/spreadsheetUpload.ts): at most
   * IMPORT_CONCURRENCY at once per process, the rest wait their turn. Parsing a workbook is CPU- and memory-bound.
   */
  imports: LimitFunction;
  /**
   * The database for an employee's heavy read (reports, their exports, statistics): the read replica when one is
   * configured, caught up with that employee's last write and within the allowed lag; else `db` (db/replica.ts).
   */
  heavyReads: HeavyReads;
  /** Where "now" comes from: the real time in production, a manual clock in tests (server/domain/core/clock.ts). */
  clock: Clock;
  /** The parents' Telegram bot; null when none is configured. */
  telegram: TelegramService | null;
};

export type AppEnv = {
  Variables: {
    config: Config;
    /** Set by requireAuth; only read it in routes mounted behind it. */
    user: AuthUser;
    sessionId: string;
    /** Set by spreadsheetUpload: the checked file; only read it in routes behind that guard. */
    spreadsheet: SpreadsheetUpload;
    /**
     * The request's instant, read once from AppDeps.clock when it arrives, so one request never straddles a
     * lesson's start or midnight. Every time-dependent rule a route calls gets this value.
     */
    now: Date;
  };
};
