import { errorBody } from '@helo/contract/envelope';
import {
  VAULT_FILE_MAX_BYTES,
  type VaultFile,
  type VaultStatus,
  vaultFileParams,
  vaultFileResponse,
  vaultFilesResponse,
  vaultRenameBody,
  vaultStatusResponse,
  vaultUploadResponse,
} from '@helo/contract/vault';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { HttpError, invalidField } from '../../lib/http-error.ts';
import { drained, readOneFile, registerOneFileUpload } from '../../lib/one-file-upload.ts';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import { downloadName, type VaultService } from './vault.service.ts';

const CHOOSE_FILE = 'Choose a file to upload';
const ONE_FILE = 'Send one file, in the field file, and nothing else';

/**
 * The Vault (issue 17, decisions.md "Vault, tools waitlist and Home"): HTTP only; the rules are in
 * the service. Every answer is the user's own data, so the cache-control plugin marks it no-store;
 * the download sets it itself too, next to its attachment headers.
 */
export async function vaultRoutes(
  app: FastifyInstance,
  opts: { service: VaultService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  // The file limit is one byte past the Vault's, so the upload's own check sees a file too large
  // and stops it (413) before the parser would cut it.
  await registerOneFileUpload(app, VAULT_FILE_MAX_BYTES + 1);
  const routes = signedInRoutes(app, opts.authenticate, ['vault']);

  routes.get(
    '/',
    {
      summary: "The user's Vault: whether it is active, what it holds and its limits",
      response: { 200: vaultStatusResponse },
    },
    async ({ userId }) => ({ data: await service.status(userId) }),
  );

  routes.post(
    '/activate',
    {
      summary: 'Activate the Vault (201; 200 when it was active already, nothing changed)',
      response: { 200: vaultStatusResponse, 201: vaultStatusResponse },
    },
    async ({ userId, reply }) => {
      const { status, created } = await service.activate(userId);
      return reply
        .status(created ? 201 : 200)
        .send({ message: created ? 'Your Vault is active' : 'Your Vault was already active', data: status });
    },
  );

  routes.get(
    '/files',
    {
      summary: 'Every file in the Vault, newest first (403 before the Vault is active)',
      response: { 200: vaultFilesResponse, 403: errorBody },
    },
    async ({ userId }) => ({ data: await service.list(userId) }),
  );

  routes.post(
    '/files',
    {
      summary: 'Upload a document (multipart field `file`, at most 20 MB), encrypted before it is stored',
      description:
        'The kind is sniffed from the bytes: PDF, PNG, JPEG, HEIC, WebP, docx, xlsx, pptx, odt, ods, CSV or text; ' +
        'anything else is a 400 naming `file`. 413 above 20 MB or past the 500 MB quota; 409 at 1,000 files; ' +
        '403 before the Vault is active.',
      response: { 201: vaultUploadResponse, 400: errorBody, 403: errorBody, 409: errorBody, 413: errorBody },
    },
    async ({ userId, request, reply }) => {
      // Activation and room first: a Vault that can not take the file refuses before the body is read.
      await service.admit(userId);
      const result = await receiveUpload(request, service, userId);
      return reply.status(201).send({ message: `${result.file.name} is in your Vault`, data: result });
    },
  );

  routes.get(
    '/files/:id',
    {
      summary: "One file's details (404 for an id that is not the user's)",
      params: vaultFileParams,
      response: { 200: vaultFileResponse, 403: errorBody, 404: errorBody },
    },
    async ({ userId, params }) => ({ data: await service.get(userId, params.id) }),
  );

  routes.patch(
    '/files/:id',
    {
      summary: 'Rename a file (400 naming `name`)',
      params: vaultFileParams,
      body: vaultRenameBody,
      response: { 200: vaultFileResponse, 400: errorBody, 403: errorBody, 404: errorBody },
    },
    async ({ userId, params, body }) => {
      const file = await service.rename(userId, params.id, body.name);
      return { message: `Renamed to ${file.name}`, data: file };
    },
  );

  routes.delete(
    '/files/:id',
    {
      summary: 'Delete a file: its row and its stored bytes',
      params: vaultFileParams,
      response: { 200: vaultUploadResponse, 403: errorBody, 404: errorBody },
    },
    async ({ userId, params }) => {
      const result = await service.remove(userId, params.id);
      return { message: `${result.file.name} was deleted`, data: result };
    },
  );

  routes.get(
    '/files/:id/content',
    {
      summary: "Download a file's document, decrypted, as an attachment",
      description:
        'The whole file is checked before the first byte is sent: a file damaged in storage is a 422 and never content.',
      params: vaultFileParams,
      response: { 200: z.any(), 403: errorBody, 404: errorBody, 422: errorBody },
    },
    async ({ userId, params, reply }) => {
      const { file, stream } = await service.open(userId, params.id);
      return reply
        .header('Content-Type', file.mime_type)
        .header('Content-Length', String(file.size_bytes))
        .header('Content-Disposition', attachment(downloadName(file.name, file.kind)))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
    // Sent as it is, never compressed: compression would drop the Content-Length a download's progress uses.
    { compress: false },
  );
}

/**
 * The body's one file, streamed into the Vault while it arrives. Every part is read to its end,
 * refused ones too (a part left unread stalls the request). A part after the file (a second file,
 * a field) refuses the request, and the file already stored is removed again.
 */
async function receiveUpload(
  request: FastifyRequest,
  service: VaultService,
  userId: string,
): Promise<{ file: VaultFile; vault: VaultStatus }> {
  if (!request.isMultipart()) throw invalidField('file', CHOOSE_FILE, { summary: CHOOSE_FILE });
  let stored: { file: VaultFile; vault: VaultStatus } | undefined;
  const read = await readOneFile(request, ONE_FILE, async (part) => {
    let refused: unknown;
    try {
      stored = await service.upload(userId, {
        fileName: part.filename,
        stream: part.file,
        truncated: () => part.file.truncated,
      });
    } catch (e) {
      refused = e;
    }
    await drained(part);
    return refused;
  });
  // The first refusal wins over the parser's.
  const refused = read.refused ?? read.broken;
  if (refused !== undefined) {
    if (stored) await service.remove(userId, stored.file.id);
    throw refused instanceof HttpError || refused instanceof Error ? refused : new Error(String(refused));
  }
  if (!stored) throw invalidField('file', CHOOSE_FILE, { summary: CHOOSE_FILE });
  return stored;
}

/**
 * RFC 6266: a plain `filename` for old clients (ASCII, quotes and backslashes replaced) and
 * `filename*` with the whole name in UTF-8, which every current browser uses.
 */
export function attachment(name: string): string {
  const ascii = name.replaceAll(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replaceAll(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
