import { isDeepStrictEqual } from 'node:util';

/** A write the database should hold and does not: the test's one failure. */
export interface LostWrite {
  slot: string;
  expected: unknown;
  found: unknown;
}

/** What one write's caller learns: acknowledged (2xx), refused (the server answered no), or unknown. */
export interface WriteOutcome {
  acknowledged(id?: string): void;
  refused(status: number): void;
  /** The connection broke (a kill): the write may or may not have committed. */
  unknown(): void;
  /** The server was down (connection refused): the write never left. */
  notSent(): void;
}

interface ReplaceSlot {
  acked: { value: unknown } | undefined;
  inFlight: unknown[];
}
interface AppendSlot {
  acked: Map<string, unknown>;
  inFlight: unknown[];
}

/**
 * Every write the stream sent and what came of it. Two shapes of data:
 * - replace slots hold one current value (a user's debt list, their preferences): after a crash the
 *   slot holds the last acknowledged value, or the value of a write whose outcome was unknown;
 * - append slots gain entries (feedback, ledger entries): every acknowledged entry is there with its
 *   content, and the only others are writes whose outcome was unknown.
 * One writer per user means a slot's writes are sequential: an acknowledged write settles those before it.
 */
export class WriteRecord {
  private readonly replaced = new Map<string, ReplaceSlot>();
  private readonly appended = new Map<string, AppendSlot>();
  acknowledged = 0;
  refused = 0;
  /** Answers of 500 and above: never expected, so the summary shows them. */
  serverErrors = 0;
  /** Writes cut off by a kill, and how many of them turned out to have committed. */
  unknown = 0;
  unknownLanded = 0;
  /** Writes aimed at a server that was down: the connection was refused, nothing was sent. */
  notSent = 0;

  replace(slot: string, value: unknown): WriteOutcome {
    const s: ReplaceSlot = this.replaced.get(slot) ?? { acked: undefined, inFlight: [] };
    this.replaced.set(slot, s);
    s.inFlight.push(value);
    return {
      acknowledged: () => {
        this.acknowledged += 1;
        s.acked = { value };
        s.inFlight = [];
      },
      refused: (status) => {
        this.countRefused(status);
        s.inFlight = s.inFlight.filter((v) => v !== value);
      },
      unknown: () => {
        this.unknown += 1;
      },
      notSent: () => {
        this.notSent += 1;
        s.inFlight = s.inFlight.filter((v) => v !== value);
      },
    };
  }

  append(slot: string, content: unknown): WriteOutcome {
    const s: AppendSlot = this.appended.get(slot) ?? { acked: new Map(), inFlight: [] };
    this.appended.set(slot, s);
    s.inFlight.push(content);
    const settle = () => {
      const i = s.inFlight.indexOf(content);
      if (i >= 0) s.inFlight.splice(i, 1);
    };
    return {
      acknowledged: (id) => {
        if (!id) throw new Error(`${slot}: an acknowledged entry needs its id`);
        this.acknowledged += 1;
        s.acked.set(id, content);
        settle();
      },
      refused: (status) => {
        this.countRefused(status);
        settle();
      },
      unknown: () => {
        this.unknown += 1;
      },
      notSent: () => {
        this.notSent += 1;
        settle();
      },
    };
  }

  private countRefused(status: number) {
    this.refused += 1;
    if (status >= 500) this.serverErrors += 1;
  }

  replaceSlots(): string[] {
    return [...this.replaced.keys()];
  }

  appendSlots(): string[] {
    return [...this.appended.keys()];
  }

  /** Compares a replace slot with what the database holds now; settles the writes of unknown outcome. */
  checkReplace(slot: string, found: unknown): LostWrite[] {
    const s = this.replaced.get(slot);
    if (!s) return [];
    const unknownWrites = s.inFlight;
    s.inFlight = [];
    if (s.acked && isDeepStrictEqual(found, s.acked.value)) return [];
    if (unknownWrites.some((v) => isDeepStrictEqual(found, v))) {
      this.unknownLanded += 1;
      s.acked = { value: found };
      return [];
    }
    if (!s.acked) return [];
    const lost = { slot, expected: s.acked.value, found };
    // Report a loss once; later rounds compare with what is there now.
    s.acked = { value: found };
    return [lost];
  }

  /**
   * Compares an append slot with its entries in the database (id → content). An entry nobody
   * acknowledged must be one of the unknown writes; anything else is reported as a phantom.
   */
  checkAppend(slot: string, found: Map<string, unknown>): LostWrite[] {
    const s = this.appended.get(slot);
    if (!s) return [];
    const problems: LostWrite[] = [];
    for (const [id, content] of s.acked) {
      if (!isDeepStrictEqual(found.get(id), content)) {
        problems.push({ slot: `${slot}/${id}`, expected: content, found: found.get(id) ?? null });
        s.acked.delete(id);
      }
    }
    for (const [id, content] of found) {
      if (s.acked.has(id)) continue;
      const i = s.inFlight.findIndex((v) => isDeepStrictEqual(v, content));
      if (i < 0) {
        problems.push({ slot: `${slot}/${id}`, expected: 'no such entry', found: content });
        continue;
      }
      s.inFlight.splice(i, 1);
      this.unknownLanded += 1;
      s.acked.set(id, content);
    }
    // The writers are paused while we look: a write not there now never committed.
    s.inFlight = [];
    return problems;
  }
}
