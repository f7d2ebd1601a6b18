import type { FirstFocus, OnboardingProfile, OnboardingProfileBody } from '@helo/contract/onboarding';
import type { Db } from '@helo/db/client';
import { centsToDollars, dollarsToCents } from '@helo/finance/cents';
import type { Clock } from '../../lib/clock.ts';
import { invalidField } from '../../lib/http-error.ts';
import { lockUser } from '../../lib/user-lock.ts';
import {
  findProfile,
  knownGoalIds,
  listUserGoalIds,
  replaceUserGoals,
  upsertProfile,
} from './onboarding.repository.ts';

const toProfile = (
  row: { monthlyIncomeCents: number | null; firstFocus: string | null } | undefined,
): OnboardingProfile => ({
  monthly_income: row?.monthlyIncomeCents == null ? null : centsToDollars(row.monthlyIncomeCents),
  // The table's CHECK admits only the contract's values.
  first_focus: (row?.firstFocus ?? null) as FirstFocus | null,
});

/** The goals a user picks while onboarding, and the optional setup after verifying. */
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

  /** The setup's answers; both null until the user answers (or when they skipped). */
  async profile(userId: string): Promise<OnboardingProfile> {
    return toProfile(await findProfile(this.#db, userId));
  }

  /** Replaces the setup's answers: one left out or null is cleared. */
  async saveProfile(userId: string, body: OnboardingProfileBody): Promise<OnboardingProfile> {
    const values = {
      monthlyIncomeCents: body.monthly_income == null ? null : dollarsToCents(body.monthly_income),
      firstFocus: body.first_focus ?? null,
    };
    return toProfile(await upsertProfile(this.#db, userId, values, this.#clock.now()));
  }
}
