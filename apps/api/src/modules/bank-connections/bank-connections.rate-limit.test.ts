import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generousRateLimits, useTestApp } from '../../../test/test-app.ts';
import { bankRequests } from './bank-connections.test-helpers.ts';
import { type FakeBridge, fakeAccount, startFakeBridge } from './simplefin-test-server.ts';

// Two "Sync now" a day per connection here (20 in use): each is a call on the user's SimpleFIN quota.
const perConnection = { max: 2, windowMs: 24 * 60 * 60_000 };
const t = useTestApp({
  config: {
    rateLimits: { ...generousRateLimits, bankSync: { ip: { max: 1_000, windowMs: 60_000 }, account: perConnection } },
  },
});
const api = bankRequests(t);
let bridge: FakeBridge;
beforeAll(async () => {
  bridge = await startFakeBridge();
  bridge.accounts = [fakeAccount('chk', 'Everyday Checking', 3, '2026-11-20')];
});
afterAll(() => bridge.close());

describe('"Sync now" of a bank connection', () => {
  it('is refused with a 429 and Retry-After past the day’s syncs of that connection; another connection still syncs', async () => {
    const user = await api.activeUser();
    const first = (await api.connected(user.token, bridge)) as { id: string };
    const second = (await api.connected(user.token, bridge)) as { id: string };
    for (let i = 0; i < 2; i++) expect((await api.sync(user.token, first.id)).statusCode).toBe(200);
    const refused = await api.sync(user.token, first.id);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect((await api.sync(user.token, second.id)).statusCode).toBe(200);
  });
});
