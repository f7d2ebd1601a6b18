import { Transform, type TransformCallback } from 'node:stream';
import type { VaultKind } from '@helo/contract/vault';
import { isTextKind, SNIFF_BYTES, sniffKind, TextCheck } from './sniff-kind.ts';

/** Why an upload's bytes were refused while they streamed; the service turns it into its answer. */
export type UploadRefusal = 'empty' | 'not-taken' | 'too-large' | 'over-quota';

export class UploadRefusedError extends Error {
  readonly reason: UploadRefusal;
  constructor(reason: UploadRefusal) {
    super(`upload refused: ${reason}`);
    this.reason = reason;
  }
}

/**
 * The first stage of an upload's stream, before the encryption: holds back the first SNIFF_BYTES to
 * sniff the kind (so a refused type stops before anything much was stored), counts every byte
 * against the file's limit and what is left of the quota, and for a text kind checks that every
 * byte is text. It errors with UploadRefusedError the moment one rule fails, which makes the storage
 * write reject and leave nothing behind. Memory: the head and one chunk at a time.
 */
export class UploadCheck extends Transform {
  readonly #fileName: string;
  readonly #fileMax: number;
  readonly #quotaLeft: number;
  #head: Buffer[] = [];
  #headBytes = 0;
  #bytes = 0;
  #kind: VaultKind | undefined;
  #text: TextCheck | undefined;

  constructor(opts: { fileName: string; fileMax: number; quotaLeft: number }) {
    super();
    this.#fileName = opts.fileName;
    this.#fileMax = opts.fileMax;
    this.#quotaLeft = opts.quotaLeft;
  }

  /** The kind sniffed, once the stream ended well. */
  get kind(): VaultKind {
    if (!this.#kind) throw new Error('the upload has not been checked to its end');
    return this.#kind;
  }

  /** The document's own size (the bytes that went in, before encryption). */
  get bytes(): number {
    return this.#bytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#bytes += chunk.length;
    if (this.#bytes > this.#fileMax) {
      done(new UploadRefusedError('too-large'));
    } else if (this.#bytes > this.#quotaLeft) {
      done(new UploadRefusedError('over-quota'));
    } else if (this.#kind) {
      done(this.#checked(chunk));
    } else {
      this.#head.push(chunk);
      this.#headBytes += chunk.length;
      if (this.#headBytes < SNIFF_BYTES) done();
      else this.#decide().then(() => done(), done);
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.#bytes === 0) {
      done(new UploadRefusedError('empty'));
      return;
    }
    const decided = this.#kind ? Promise.resolve() : this.#decide();
    decided.then(() => done(this.#text && !this.#text.end() ? new UploadRefusedError('not-taken') : undefined), done);
  }

  async #decide(): Promise<void> {
    const head = Buffer.concat(this.#head);
    this.#head = [];
    const kind = await sniffKind(head.subarray(0, SNIFF_BYTES), this.#fileName);
    if (!kind) throw new UploadRefusedError('not-taken');
    this.#kind = kind;
    if (isTextKind(kind)) this.#text = new TextCheck();
    const error = this.#checked(head);
    if (error) throw error;
  }

  /** Passes the bytes on after the text check (for a text kind); the error to stop with otherwise. */
  #checked(chunk: Buffer): UploadRefusedError | undefined {
    if (this.#text && !this.#text.push(chunk)) return new UploadRefusedError('not-taken');
    this.push(chunk);
    return undefined;
  }
}
