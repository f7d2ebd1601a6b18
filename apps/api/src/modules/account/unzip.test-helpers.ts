import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** Every file of a zip, by its path; rejects when the archive is not a valid zip. */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('no zip'));
      const files = new Map<string, Buffer>();
      file.on('error', reject);
      file.on('end', () => resolve(files));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (openErr, stream: Readable) => {
          if (openErr) return reject(openErr);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}
