import { passkeys } from '@helo/db/schema';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  aCredentialId,
  before,
  fakeCredential,
  type MatrixRow,
  seedPasskey,
} from '../../../test/harness/access-matrix.ts';
import { type ModuleHarness, must } from '../../../test/harness/module-harness.ts';
import { SoftAuthenticator } from '../../../test/harness/soft-authenticator.ts';

/** The passkeys's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/auth/passkeys': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.length).toBeGreaterThan(0),
  },
  'POST /api/v1/auth/passkeys/options': {
    access: 'own',
    status: 200,
    check: (p, res) => expect(res.json().data.options.user.name).toBe(p.b.email),
  },
  'POST /api/v1/auth/passkeys': {
    access: 'own',
    send: () => ({ body: { name: 'B copy of A', credential: fakeCredential(aCredentialId) } }),
    status: 400,
  },
  'DELETE /api/v1/auth/passkeys/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: String(before.passkeys[0]?.id) } }),
    status: 404,
    control: async (p) => ({ params: { id: String((await seedPasskey(p.b, 'B spare')).id) } }),
  },
  // A new challenge each time, so not 'public' (the same answer for everyone); it names no one.
  'POST /api/v1/auth/passkey-login/options': { access: 'credential', status: 200 },
  'POST /api/v1/auth/passkey-login': {
    access: 'credential',
    // A's credential id with a challenge id that is A's user id: no session for anyone.
    send: (p) => ({ body: { challenge_id: p.a.userId, credential: fakeCredential(aCredentialId) } }),
    status: 401,
  },
  'POST /api/v1/auth/login/2fa/passkey-options': {
    access: 'credential',
    send: (p) => ({ body: { challenge: p.a.accessToken } }),
    status: 401,
  },
  'POST /api/v1/auth/login/2fa/passkey': {
    access: 'credential',
    send: (p) => ({ body: { challenge: p.a.accessToken, credential: fakeCredential(aCredentialId) } }),
    status: 401,
  },
};

/** The passkeys' part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  matrix,
  owned: [
    {
      name: 'passkey_id',
      paths: [{ route: /\/auth\/passkeys\/\{id\}/, param: 'id' }],
      make: async (send) => {
        // A registration as the browser does it, with a software authenticator; a full list (10) is a 409.
        const options = await send('POST', '/api/v1/auth/passkeys/options', {});
        if (options.statusCode !== 200) return must(Promise.resolve(options));
        const credential = new SoftAuthenticator().register(JSON.parse(options.body).data.options);
        await must(send('POST', '/api/v1/auth/passkeys', { name: 'Fuzz key', credential }));
      },
      read: async (t, userId) =>
        (
          await t.database.db
            .select({ id: passkeys.id })
            .from(passkeys)
            .where(eq(passkeys.userId, userId))
            .orderBy(desc(passkeys.id))
            .limit(1)
        )[0]?.id.toString(),
    },
  ],
};
