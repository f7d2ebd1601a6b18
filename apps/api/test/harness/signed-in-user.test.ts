import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app.ts';
import { SignedInUser } from './signed-in-user.ts';

const t = useTestApp();

describe('the fuzzer signs its user in again', () => {
  it('after a logout', async () => {
    const user = await new SignedInUser(t()).register();
    await t().app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refreshToken: user.refreshToken } });
    expect(await user.isSignedIn()).toBe(false);
    await user.ensureSignedIn();
    expect(await user.isSignedIn()).toBe(true);
  });

  it('after a password change it did not see, through a mailed reset link', async () => {
    const user = await new SignedInUser(t()).register();
    // Reset links asked for earlier (the fuzzer asks too) must not be mistaken for the new one.
    await t().app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: user.email } });
    const changed = await t().app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: { authorization: `Bearer ${user.accessToken}` },
      payload: { current_password: user.password, new_password: 'a-password-nobody-noted-7' },
    });
    expect(changed.statusCode).toBe(200);
    await t().app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refreshToken: user.refreshToken } });
    await user.ensureSignedIn();
    expect(await user.isSignedIn()).toBe(true);
    expect(user.password).not.toBe('a-password-nobody-noted-7');
  });

  it('after its account was deleted, by signing up again with the same address, records and all', async () => {
    const user = await new SignedInUser(t()).register();
    await user.keepOwnedRecords();
    const { userId, email } = user;
    const deleted = await t().app.inject({
      method: 'DELETE',
      url: '/api/v1/account',
      headers: { authorization: `Bearer ${user.accessToken}` },
      payload: { password: user.password },
    });
    expect(deleted.statusCode).toBe(200);
    await user.keepOwnedRecords();
    expect(await user.isSignedIn()).toBe(true);
    expect(user.email).toBe(email);
    expect(user.userId).not.toBe(userId);
    expect(user.owned.loan_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
