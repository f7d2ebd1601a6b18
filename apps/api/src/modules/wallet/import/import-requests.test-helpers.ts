import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { bearer, register } from '../../../../test/accounts.ts';
import type { TestApp } from '../../../../test/test-app.ts';

/** Requests of the bank file imports, as the web app makes them, for the module's tests (and the harness). */

export const IMPORTS = '/api/v1/wallet/imports';

/** The files the browser tests upload too (e2e/fixtures/bank). */
export const bankFixture = (name: 'checking-november.csv' | 'statement.ofx' | 'statement.qfx'): Buffer =>
  readFileSync(new URL(`../../../../../../e2e/fixtures/bank/${name}`, import.meta.url));

export interface Part {
  name: string;
  /** A file part when set (even to ''), else a plain field. */
  filename?: string;
  content: string | Buffer;
  contentType?: string;
}

/** A multipart/form-data body written by hand, the way a browser's FormData sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----helo${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const type =
      part.filename === undefined ? '' : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.content === 'string' ? Buffer.from(part.content) : part.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One file in the field `file`. */
export const fileBody = (filename: string, content: string | Buffer) =>
  multipart([{ name: 'file', filename, content, contentType: 'text/csv' }]);

export function importRequests(t: () => TestApp) {
  const api = {
    upload: (token: string, filename: string, content: string | Buffer) =>
      api.uploadBody(token, fileBody(filename, content)),
    uploadBody: (token: string, body: { payload: Buffer; headers: Record<string, string> }) =>
      t().app.inject({
        method: 'POST',
        url: IMPORTS,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      }),
    preview: (token: string, id: string, body: object = {}) =>
      t().app.inject({ method: 'POST', url: `${IMPORTS}/${id}/preview`, headers: bearer(token), payload: body }),
    commit: (token: string, id: string, body: object = {}) =>
      t().app.inject({ method: 'POST', url: `${IMPORTS}/${id}/commit`, headers: bearer(token), payload: body }),
    /** A new user, with the Money Nest active unless told otherwise. */
    async newUser(activate = true) {
      const { session } = await register(t());
      const token = session.access_token;
      if (activate) {
        const res = await t().app.inject({ method: 'POST', url: '/api/v1/nest/activate', headers: bearer(token) });
        if (res.statusCode >= 300) throw new Error(`activate: ${res.statusCode} ${res.body}`);
      }
      return { token, userId: session.user.id };
    },
  };
  return api;
}
