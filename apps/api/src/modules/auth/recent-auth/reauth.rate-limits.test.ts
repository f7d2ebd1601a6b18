import { describe, expect, it } from 'vitest';
import { bearer, GOOD_PASSWORD, register } from '../../../../test/accounts.ts';
import { generousRateLimits, useTestApp } from '../../../../test/test-app.ts';

const strict = { max: 3, windowMs: 15 * 60_000 };
const t = useTestApp({ config: { rateLimits: { ...generousRateLimits, login: { ip: strict, account: strict } } } });

describe('reauthenticate is rate limited as sign-in', () => {
  it('wrong passwords count: past the limit even the right one waits, with Retry-After', async () => {
    const { session } = await register(t());
    const send = (password: string) =>
      t().app.inject({
        method: 'POST',
        url: '/api/v1/auth/reauthenticate',
        headers: bearer(session.access_token),
        payload: { password },
      });
    const statuses = [];
    for (let i = 0; i < strict.max; i++) statuses.push((await send('not-my-password')).statusCode);
    expect(statuses).toEqual([400, 400, 400]);
    const limited = await send(GOOD_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
