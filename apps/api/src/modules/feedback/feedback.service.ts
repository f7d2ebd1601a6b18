import type { Db } from '@helo/db/client';
import type { Clock } from '../../lib/clock.ts';
import { insertFeedback } from './feedback.repository.ts';

/** The feedback screen's answers. Anyone may send them; they are kept with the user when known. */
export class FeedbackService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** Stores the answers (null for a skipped question); returns the entry's id. */
  send(userId: string | null, answers: (number | null)[], comment: string): Promise<string> {
    return insertFeedback(this.#db, { userId, answers, comment, now: this.#clock.now() });
  }
}
