import type { Db } from '@helo/db/client';
import type { Clock } from '../../lib/clock.ts';
import { invalidField } from '../../lib/http-error.ts';
import { lockUser } from '../../lib/user-lock.ts';
import { knownGoalIds, listUserGoalIds, replaceUserGoals } from './onboarding.repository.ts';

/** The goals a user picks while onboarding. */
export class OnboardingService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /**
   * Replaces the user's picks with `goalIds` (duplicates dropped) and returns the saved list. The
   * user's row is locked first, so two saves at once run one after the other: each would otherwise
   * delete only the rows it saw and the list would end up holding both (or collide on the key).
   */
  saveGoals(userId: string, goalIds: number[]): Promise<number[]> {
    const ids = [...new Set(goalIds)];
    return this.#db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const known = await knownGoalIds(tx, ids);
      const unknown = goalIds.findIndex((id) => !known.has(id));
      if (unknown >= 0) throw invalidField(`goal_ids.${unknown}`, `Unknown goal id ${goalIds[unknown]}`);
      await replaceUserGoals(tx, userId, ids, this.#clock.now());
      return listUserGoalIds(tx, userId);
    });
  }
}
