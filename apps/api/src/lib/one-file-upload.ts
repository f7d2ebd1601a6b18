import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidField } from './http-error.ts';

const UNREADABLE = 'The upload could not be read (cut off or malformed): choose the file again';

/**
 * Lets a module (the Vault, the bank imports) read multipart bodies of one file. The file's size
 * limit cuts the file and sets its `truncated` rather than throwing; a few parts at most, so a body
 * of thousands of them is not read.
 */
export async function registerOneFileUpload(app: FastifyInstance, fileSize: number) {
  await app.register(multipart, {
    limits: { fileSize, files: 2, fields: 4, parts: 6, fieldSize: 1024 },
    throwFileSizeLimit: false,
  });
}

/**
 * Reads a multipart body that carries one file, in the field `file`, giving that part to `take`
 * while it arrives; `take` reads it to its end and answers a refusal, or nothing. Every other part
 * is read to its end too (a part left unread stalls the request) and refuses the body (`oneFile`).
 * `refused` is the first refusal; `broken` what the parser threw, as a 400 naming `file`: a parts
 * limit reached (`oneFile`), or a body cut off or malformed. `taken` once `take` has had the file.
 */
export async function readOneFile(
  request: FastifyRequest,
  oneFile: string,
  take: (part: MultipartFile) => Promise<unknown>,
): Promise<{ taken: boolean; refused: unknown; broken: unknown }> {
  let taken = false;
  let refused: unknown;
  let broken: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        refused ??= invalidField('file', oneFile, { summary: oneFile });
        continue;
      }
      if (part.fieldname !== 'file' || taken || refused !== undefined) {
        refused ??= invalidField('file', oneFile, { summary: oneFile });
        await drained(part);
        continue;
      }
      taken = true;
      refused = await take(part);
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    const limit = code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT';
    broken = invalidField('file', limit ? oneFile : UNREADABLE, { summary: limit ? oneFile : UNREADABLE });
  }
  return { taken, refused, broken };
}

/** Reads the rest of a part (nothing when it is read already). */
export function drained(part: MultipartFile): Promise<void> {
  part.file.resume();
  if (part.file.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    part.file.once('end', resolve);
    part.file.once('close', resolve);
  });
}
