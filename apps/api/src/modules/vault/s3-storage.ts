import { pipeline, Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { VaultS3Config } from '../../config.ts';
import { FileNotStoredError, type FileStorage } from './file-storage.ts';
import { keySegments, prefixUser } from './storage-key.ts';

/**
 * The Vault's documents in an S3-compatible bucket (AWS S3, MinIO, R2, ...), for servers that do not
 * keep large files on their own disk or run as several instances. Only ciphertext is sent
 * (file-cipher.ts), so the bucket's operator never sees a document.
 */

/** S3's smallest multipart part. An upload buffers at most QUEUE_SIZE parts: 10 MB per upload in flight. */
const PART_BYTES = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: VaultS3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Without keys, the SDK's default chain applies (instance role, AWS_* variables, profile).
      credentials: config.credentials,
      // Many S3-compatible servers reject the newer default checksum trailers; only send them
      // where an operation requires one. The ciphertext carries its own tags anyway.
      ...(config.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const } : {}),
    });
  }

  async write(key: string, body: Readable): Promise<{ bytes: number }> {
    keySegments(key);
    let bytes = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback(null, chunk);
      },
    });
    // pipeline passes a failing body on to `counted`, so the upload fails with it. Nothing is
    // visible under the key before then: a single PUT never completes, and a multipart upload
    // is aborted (its parts deleted) rather than completed.
    pipeline(body, counted, () => undefined);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: 'application/octet-stream' },
      partSize: PART_BYTES,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // The body's own error says more than the SDK's wrapper of it.
      if (body.errored) throw body.errored;
      throw error;
    }
    return { bytes };
  }

  async read(key: string): Promise<Readable> {
    keySegments(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(response.Body instanceof Readable)) throw new Error('The S3 client returned no stream');
      return response.Body;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
        throw new FileNotStoredError(`Nothing stored under ${key}`);
      }
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    keySegments(key);
    // S3 answers a delete of a missing key with success, as the interface asks.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async removePrefix(prefix: string): Promise<void> {
    const userPrefix = `${prefixUser(prefix)}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: userPrefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0) {
        // A page holds at most 1000 keys, the most one DeleteObjects takes.
        const result = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
        const failed = result.Errors ?? [];
        if (failed.length > 0) {
          throw new Error(`S3 kept ${failed.length} of ${userPrefix}: ${failed[0]?.Code} ${failed[0]?.Message}`);
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
