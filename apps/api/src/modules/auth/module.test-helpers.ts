import { expect } from 'vitest';
import { aCredentialId, isB, type MatrixRow } from '../../../test/harness/access-matrix.ts';
import type { ModuleHarness } from '../../../test/harness/module-harness.ts';

let passwordCounter = 0;

/** Sign-in's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'POST /api/v1/auth/register': {
    access: 'credential',
    // Registering A's address again must not take over or rename A's account.
    send: (p) => ({
      body: { first_name: 'Mallory', last_name: 'Taker', email: p.a.email, password: 'a-different-long-password-9' },
    }),
    status: 409,
  },
  'GET /api/v1/auth/register': { access: 'own', status: 200, check: isB },
  'POST /api/v1/auth/login': {
    access: 'credential',
    send: (p) => ({ body: { email: p.a.email, password: p.b.password } }),
    status: 401,
  },
  'POST /api/v1/auth/token': {
    access: 'credential',
    // B's access token is not a refresh token: without A's refresh token nothing is issued.
    send: (p) => ({ body: { refresh_token: `${p.a.accessToken}` } }),
    status: 403,
  },
  'POST /api/v1/auth/logout': {
    access: 'credential',
    // B's bearer and A's access token in the body end no session of A's.
    send: (p) => ({ body: { refreshToken: p.a.accessToken } }),
    status: 200,
  },
  'POST /api/v1/auth/verify-email': {
    access: 'credential',
    send: (p) => ({ body: { token: p.a.userId } }),
    status: 400,
  },
  'POST /api/v1/auth/resend-verification-email': { access: 'own', status: 200 },
  'POST /api/v1/auth/forgot-password': {
    access: 'credential',
    // A's owner gets a link by mail; the answer to B says nothing and changes nothing of A's.
    send: (p) => ({ body: { email: p.a.email } }),
    status: 200,
  },
  'POST /api/v1/auth/reset-password': {
    access: 'credential',
    send: (p) => ({ body: { token: p.a.userId, password: 'a-different-long-password-9' } }),
    status: 400,
  },
  'POST /api/v1/auth/change-password': {
    access: 'own',
    send: (p) => ({ body: { current_password: p.b.password, new_password: `b-new-password-${++passwordCounter}-x` } }),
    status: 200,
    after: (p, sent) => {
      p.b.password = String(sent.body?.new_password);
    },
  },
  'PUT /api/v1/auth/profile': {
    access: 'own',
    send: () => ({ body: { first_name: 'Beatrix', last_name: 'Renamed' } }),
    status: 200,
    check: (p, res) => expect(res.json().data.id).toBe(p.b.userId),
  },
  'GET /api/v1/auth/sessions': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.some((s: { current: boolean }) => s.current)).toBe(true),
  },
  'POST /api/v1/auth/sessions/revoke-others': { access: 'own', status: 200 },
  'POST /api/v1/auth/login/2fa': {
    access: 'credential',
    // Only the challenge of a password step opens a session: B's bearer and A's ids do not.
    send: (p) => ({ body: { challenge: p.a.accessToken, code: '123456' } }),
    status: 401,
  },
  // B's own authenticator: a pending secret of B's, which B's wrong first code does not turn on;
  // B has no two-factor sign-in to regenerate codes for or to turn off.
  'POST /api/v1/auth/2fa/setup': {
    access: 'own',
    status: 200,
    check: (p, res) => expect(res.json().data.otpauth_url).toContain(encodeURIComponent(p.b.email)),
  },
  'POST /api/v1/auth/2fa/enable': { access: 'own', send: () => ({ body: { code: 'not-a-code' } }), status: 400 },
  'POST /api/v1/auth/2fa/recovery-codes': { access: 'own', send: () => ({ body: { code: '123456' } }), status: 409 },
  'POST /api/v1/auth/2fa/disable': {
    access: 'own',
    send: (p) => ({ body: { password: p.b.password, code: '123456' } }),
    status: 409,
  },
  // Sudo mode acts on B's own session only; A's passkeys never answer B's challenge.
  'POST /api/v1/auth/reauthenticate': {
    access: 'own',
    send: (p) => ({ body: { password: p.b.password } }),
    status: 200,
  },
  'POST /api/v1/auth/reauthenticate/passkey-options': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(JSON.stringify(res.json().data.options)).not.toContain(aCredentialId),
  },
};

/** Sign-in's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = { matrix };
