import type { LostWrite, WriteRecord } from './write-record.ts';

export interface ChaosOptions {
  kills: number;
  /** Seeds the kill moments and the written values; printed so a run replays. */
  seed: number;
  users: number;
  /** A kill comes this long after the writers start (uniform between the two). */
  minKillMs: number;
  maxKillMs: number;
  /**
   * Share of restarts (0–1) that are themselves killed at a random moment of start-up (crash
   * recovery, migrations, the job queue starting) before the server is let start in peace.
   */
  startupKillShare?: number;
  log: (line: string) => void;
}

export interface ChaosResult {
  kills: number;
  /** Extra kills during a start-up, on top of `kills`. */
  startupKills: number;
  /** Restarts after which the server was ready and every acknowledged write was there. */
  restarts: number;
  lost: LostWrite[];
  /** Anything else that went wrong: a server that did not come back, a check that could not run. */
  failures: string[];
  record: WriteRecord;
  notes: string[];
}
