/**
 * The password's length rules without zod: the sign-up page shows them in its hint before the
 * contract's schemas load (they load when the form is first focused; e2e/specs/performance.spec.ts).
 * `auth.ts` re-exports them and builds its schemas from them.
 */

/** NIST 800-63B: length is what matters; no composition rules. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
