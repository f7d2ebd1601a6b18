import { describe, expect, it } from 'vitest';
import { bearer, elevate, GOOD_PASSWORD, mailedToken, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { hashToken, randomToken } from '../../lib/crypto.ts';
import { findUserByEmail, insertOneTimeToken } from './auth.repository.ts';
import { RESET_TOKEN_TTL_MS } from './auth.service.ts';

// A password change or reset spends every reset link still open: an old mail is no way back in.
const t = useTestApp();
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t().app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, headers });

describe('reset links after the password changed', () => {
  it('no longer work once the password was changed in Profile Settings', async () => {
    const { body, session } = await register(t());
    await post('forgot-password', { email: body.email });
    const link = await mailedToken(t(), body.email, 'reset_password');
    // Sudo mode: the change needs a fresh proof of the password first.
    await elevate(t(), session);
    const change = await post(
      'change-password',
      { current_password: GOOD_PASSWORD, new_password: 'a-brand-new-passphrase-7' },
      bearer(session.access_token),
    );
    expect(change.statusCode).toBe(200);
    const reset = await post('reset-password', { token: link, password: 'the-thief-wants-this-one-1' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().errors).toEqual([{ path: 'token', message: 'Invalid or expired token' }]);
    expect((await post('login', { email: body.email, password: 'a-brand-new-passphrase-7' })).statusCode).toBe(200);
  });

  it('no longer work once another link reset the password', async () => {
    const { body } = await register(t());
    await post('forgot-password', { email: body.email });
    const used = await mailedToken(t(), body.email, 'reset_password');
    // A second link open at the same time (two requests that raced each other's expiry).
    const user = await findUserByEmail(t().database.db, body.email);
    const other = randomToken();
    const now = t().clock.now();
    await insertOneTimeToken(t().database.db, {
      userId: user?.id ?? '',
      purpose: 'reset_password',
      tokenHash: hashToken(other),
      now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    expect((await post('reset-password', { token: used, password: 'first-new-passphrase-22' })).statusCode).toBe(200);
    const second = await post('reset-password', { token: other, password: 'second-new-passphrase-33' });
    expect(second.statusCode).toBe(400);
    expect((await post('login', { email: body.email, password: 'first-new-passphrase-22' })).statusCode).toBe(200);
  });
});
