/** Time comes from here, so tests can move it (token expiry, reuse grace) without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
