import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, register } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { multipart } from '../wallet/testing.ts';

/** Requests of the Vault, as the web app makes them, for the module's tests (and the harness). */

export const VAULT = '/api/v1/vault';
export const FILES = `${VAULT}/files`;

/** A directory of its own for a test file's Vault (the default config points nowhere). */
export const tempVaultDir = () => mkdtempSync(join(tmpdir(), 'helo-vault-'));

/** Every stored file under the Vault's directory, with its bytes (temporary names included). */
export function storedFiles(dir: string): { path: string; bytes: Buffer }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return { path, bytes: readFileSync(path) };
    });
}

/** One file in the field `file`, sent as a browser would (its Content-Type is not trusted anyway). */
export const vaultFileBody = (filename: string, content: Buffer | string, contentType = 'application/pdf') =>
  multipart([{ name: 'file', filename, content, contentType }]);

export function vaultRequests(t: () => TestApp) {
  const api = {
    status: (token: string) => t().app.inject({ method: 'GET', url: VAULT, headers: bearer(token) }),
    activate: (token: string) => t().app.inject({ method: 'POST', url: `${VAULT}/activate`, headers: bearer(token) }),
    upload: (token: string, filename: string, content: Buffer | string) =>
      api.uploadBody(token, vaultFileBody(filename, content)),
    uploadBody: (token: string, body: { payload: Buffer; headers: Record<string, string> }) =>
      t().app.inject({
        method: 'POST',
        url: FILES,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      }),
    list: (token: string) => t().app.inject({ method: 'GET', url: FILES, headers: bearer(token) }),
    get: (token: string, id: string) =>
      t().app.inject({ method: 'GET', url: `${FILES}/${id}`, headers: bearer(token) }),
    rename: (token: string, id: string, payload: object) =>
      t().app.inject({ method: 'PATCH', url: `${FILES}/${id}`, headers: bearer(token), payload }),
    remove: (token: string, id: string) =>
      t().app.inject({ method: 'DELETE', url: `${FILES}/${id}`, headers: bearer(token) }),
    content: (token: string, id: string) =>
      t().app.inject({ method: 'GET', url: `${FILES}/${id}/content`, headers: bearer(token) }),
    /** A new user, with the Vault active unless told otherwise. */
    async newUser(activate = true) {
      const { session } = await register(t());
      const token = session.access_token;
      if (activate) {
        const res = await api.activate(token);
        if (res.statusCode !== 201) throw new Error(`activate: ${res.statusCode} ${res.body}`);
      }
      return { token, userId: session.user.id as string };
    },
    /** Uploads a file that must be taken, and answers its id. */
    async stored(token: string, filename: string, content: Buffer | string): Promise<string> {
      const res = await api.upload(token, filename, content);
      if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
      return res.json().data.file.id;
    },
  };
  return api;
}
