/**
 * Settings of the browser tests' server that specs must agree with (playwright.config.ts passes them on).
 * The refresh grace is 10 s in real use; 2 s here keeps sessions.spec.ts from sleeping 44 s a run,
 * and stays far above the time two tabs' refreshes take to reach the server together.
 */
export const REFRESH_GRACE_MS = 2_000;
