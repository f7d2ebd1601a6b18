import { vaultFiles } from '@helo/db/schema';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { asUser, before, inject, type MatrixRow, type Parties } from '../../../test/harness/access-matrix.ts';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';
import type { Operation } from '../../../test/harness/openapi.ts';
import type { SignedInUser } from '../../../test/harness/signed-in-user.ts';
import { vaultFileBody } from './vault-requests.test-helpers.ts';

export const VAULT = '/api/v1/vault';
/** Uploads a text file into the user's Vault; its id. */
export async function vaultUploadAs(user: SignedInUser, name: string): Promise<string> {
  const res = await inject(user.accessToken, { method: 'POST', path: `${VAULT}/files` } as Operation, {
    raw: vaultFileBody(name, `${name}\n`, 'text/plain'),
  });
  if (res.statusCode !== 201) throw new Error(`vault upload as ${user.email}: ${res.statusCode} ${res.body}`);
  return res.json().data.file.id;
}
/** One of B's Vault files, read now (other rows add, rename and delete B's files). */
const bVaultFile = async (p: Parties): Promise<string> => (await asUser(p.b, 'GET', `${VAULT}/files`))[0].id;

/** The Vault's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/vault/': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data).toMatchObject({ active: true }),
  },
  // B's Vault is active already: the same answer, nothing of A's touched.
  'POST /api/v1/vault/activate': { access: 'own', status: 200 },
  'GET /api/v1/vault/files': {
    access: 'own',
    status: 200,
    check: (_p, res) => {
      const names = res.json().data.map((f: { name: string }) => f.name);
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((n: string) => n.startsWith('from B'))).toBe(true);
    },
  },
  'POST /api/v1/vault/files': {
    access: 'own',
    send: () => ({ raw: vaultFileBody('from B upload.txt', 'from B\n', 'text/plain') }),
    status: 201,
    check: (_p, res) => expect(res.json().data.file.name).toBe('from B upload.txt'),
  },
  'GET /api/v1/vault/files/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.vaultFiles[0].id } }),
    status: 404,
    control: async (p) => ({ params: { id: await bVaultFile(p) } }),
  },
  'PATCH /api/v1/vault/files/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.vaultFiles[0].id }, body: { name: 'from B renamed' } }),
    status: 404,
    control: async (p) => ({ params: { id: await bVaultFile(p) }, body: { name: 'from B renamed' } }),
  },
  'DELETE /api/v1/vault/files/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.vaultFiles[0].id } }),
    status: 404,
    control: async (p) => ({ params: { id: await vaultUploadAs(p.b, 'from B deleted.txt') } }),
  },
  'GET /api/v1/vault/files/{id}/content': {
    access: 'by-id',
    send: () => ({ params: { id: before.vaultFiles[0].id } }),
    status: 404,
    control: async (p) => ({ params: { id: await bVaultFile(p) } }),
  },
};

/** The Vault's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  matrix,
  owned: [
    {
      name: 'vault_file_id',
      paths: [{ route: /\/vault\/files\/\{id\}/, param: 'id' }],
      make: async (send) => {
        // Activating again is a 200; a full Vault (the fuzzer's uploads) is a 409 or 413, not a 500.
        await must(send('POST', '/api/v1/vault/activate', {}));
        const upload = vaultFileBody('fuzz notes.txt', 'Fuzz notes\n', 'text/plain');
        await must(send('POST', '/api/v1/vault/files', upload.payload, upload.headers));
      },
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: vaultFiles.id })
            .from(vaultFiles)
            .where(eq(vaultFiles.userId, userId))
            .orderBy(desc(vaultFiles.createdAt))
            .limit(1),
        ),
    },
  ],
};
