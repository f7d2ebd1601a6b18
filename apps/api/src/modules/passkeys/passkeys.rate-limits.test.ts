import { describe, expect, it } from 'vitest';
import { elevate, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { defaultRateLimits } from '../../config.ts';
import { addPasskey, passkeySignIn, post } from './passkeys.test-helpers.ts';

const t = useTestApp({ config: { rateLimits: defaultRateLimits } });

describe('passkey sign-in is rate limited as a login', () => {
  it(`one passkey gets ${defaultRateLimits.login.account.max} tries, then a 429 with Retry-After`, async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const { authenticator } = await addPasskey(t(), session.access_token);
    const { options } = (await post(t(), '/passkey-login/options')).json().data;
    const credential = authenticator.authenticate(options);
    const statuses: number[] = [];
    for (let i = 0; i <= defaultRateLimits.login.account.max; i++) {
      const res = await post(t(), '/passkey-login', { challenge_id: 'made-up', credential });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another passkey from the same address still signs in.
    const second = await register(t());
    await elevate(t(), second.session);
    const other = await addPasskey(t(), second.session.access_token);
    expect((await passkeySignIn(t(), other.authenticator)).statusCode).toBe(200);
  });
});
