import { errorBody } from '@helo/contract/envelope';
import {
  IMPORT_MAX_BYTES,
  walletImportCommitBody,
  walletImportMappingBody,
  walletImportParams,
  walletImportPreviewResponse,
  walletImportResultResponse,
  walletImportUploadQuery,
} from '@helo/contract/wallet';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError, invalidField } from '../../../lib/http-error.ts';
import { readOneFile, registerOneFileUpload } from '../../../lib/one-file-upload.ts';
import { signedInRoutes } from '../../../lib/signed-in-routes.ts';
import { CHOOSE_FILE, type Upload, type WalletImportService } from './import.service.ts';

const TOO_LARGE = 'The file is larger than 5 MB: export a shorter period and import it in parts';
const ONE_FILE = 'Send one bank file, in the field file, and nothing else';
const FILE_NAME_MAX = 200;

/**
 * Bank file imports of My Wallet (issue 15, decisions.md "My Wallet, bank imports"): upload and
 * preview, preview again with another CSV mapping, commit. HTTP only; the rules are in the service.
 */
export async function walletImportRoutes(
  app: FastifyInstance,
  opts: { service: WalletImportService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  await registerOneFileUpload(app, IMPORT_MAX_BYTES);
  const routes = signedInRoutes(app, opts.authenticate, ['my wallet']);

  routes.post(
    '/',
    {
      summary:
        'Upload a bank file (CSV, OFX, QFX, QIF or CAMT.053, at most 5 MB) into an account and preview its transactions',
      description:
        'A multipart/form-data body with one part, `file`; `account_id` in the query names the account (the Wallet when absent). ' +
        'The answer lists the first 200 rows (`total` counts them all), ' +
        'each marked when it is already in the account; a CSV comes with its columns and the mapping guessed for them ' +
        '(or the one confirmed for the last file of its shape into the account: `mapping_remembered`), and the rows that ' +
        'can not be read under it (`problems`, the first 50, each with its line); ' +
        'a statement of several accounts lists them in `accounts`, each with the Helo account it goes into (null until chosen: ' +
        'the commit names it in `accounts`); `left_out` names what the file holds that is not imported. ' +
        '400 at `file` for a file of no format Helo reads, an empty one, or a statement with a row that can not be read; ' +
        'at `account_id` when it is not an account of the user; ' +
        '409 before the Money Nest is active; 413 above 5 MB; 429 at `file` past 20 uploads in an hour (with Retry-After).',
      querystring: walletImportUploadQuery,
      response: { 201: walletImportPreviewResponse, 400: errorBody, 409: errorBody, 413: errorBody, 429: errorBody },
    },
    async ({ userId, request, reply, query }) => {
      const upload = await readUpload(request);
      const { preview, message } = await service.upload(userId, upload, query.account_id);
      return reply.status(201).send({ message, data: preview });
    },
  );

  routes.post(
    '/:id/preview',
    {
      summary:
        "Read an uploaded file again with another mapping of its columns (400 naming the mapping's field) or into another account",
      params: walletImportParams,
      body: walletImportMappingBody,
      response: { 200: walletImportPreviewResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, body }) => {
      const { preview, message } = await service.preview(
        userId,
        params.id,
        body.mapping,
        body.account_id,
        body.accounts,
      );
      return { message, data: preview };
    },
  );

  routes.post(
    '/:id/commit',
    {
      summary:
        'Import the rows not already in the account (each file account its own), as Uncategorized transactions, all at once ' +
        '(400 at `accounts` when a file of several accounts has one without a Helo account; 409 when imported already, ' +
        'while another file of the user is being imported, or past 250,000 transactions). ' +
        'While rows of a CSV can not be read under the mapping, 400 at `mapping` (or `file`) naming the first, unless ' +
        "`skip_problem_rows` leaves them out. A CSV mapping is remembered for the account and the file's shape.",
      params: walletImportParams,
      body: walletImportCommitBody,
      response: { 200: walletImportResultResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, body }) => {
      const { result, message } = await service.commit(
        userId,
        params.id,
        body.mapping,
        body.account_id,
        body.accounts,
        {
          skipProblemRows: body.skip_problem_rows ?? false,
        },
      );
      return { message, data: result };
    },
  );
}

/** The one file of the body; the size limit cuts the file instead of throwing, so `truncated` is checked. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw invalidField('file', CHOOSE_FILE, { summary: CHOOSE_FILE });
  let file: Upload | undefined;
  const read = await readOneFile(request, ONE_FILE, async (part) => {
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.file.truncated) return new HttpError(413, TOO_LARGE, [{ path: 'file', message: TOO_LARGE }]);
    file = { fileName: fileNameOf(part.filename), bytes: Buffer.concat(chunks) };
    return undefined;
  });
  // The parser's refusal wins over the parts'.
  if (read.broken) throw read.broken;
  if (read.refused) throw read.refused;
  if (!file) throw invalidField('file', CHOOSE_FILE, { summary: CHOOSE_FILE });
  if (file.bytes.length === 0) throw invalidField('file', 'The file is empty', { summary: 'The file is empty' });
  return file;
}

/** The name as stored and shown: no path, no control characters, at most 200 characters. */
function fileNameOf(raw: string | undefined): string {
  const name = (raw ?? '')
    .replaceAll(/\p{Cc}+/gu, ' ')
    .replace(/^.*[\\/]/, '')
    .trim()
    .slice(0, FILE_NAME_MAX)
    .replace(/[\ud800-\udbff]$/, '');
  return name || 'bank file';
}
