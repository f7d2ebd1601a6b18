import { deflateSync } from 'node:zlib';
import { ZipFile } from 'yazl';

/**
 * Small but real documents of each kind the Vault takes, and files it must refuse, built in the
 * test so no binary fixture hides what it holds. The sniff reads the start of a file, so each one
 * has its format's real header; the rest is filler.
 */

const crc32 = (bytes: Buffer): number => {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
};

const pngChunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
};

/** A 1×1 grey PNG. */
export function png(): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function pdf(marker = 'Hello from the Vault'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n` +
      `% ${marker}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** A JPEG's start (SOI, a JFIF APP0 segment) and end marker. */
export function jpeg(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]),
    Buffer.alloc(64, 0x11),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A RIFF/WEBP container with a lossy VP8 chunk header. */
export function webp(): Buffer {
  const vp8 = Buffer.concat([Buffer.from('VP8 ', 'latin1'), Buffer.from([10, 0, 0, 0]), Buffer.alloc(10, 0x2a)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + vp8.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, Buffer.from('WEBP', 'latin1'), vp8]);
}

/** An ISO-BMFF `ftyp` box of brand heic, as an iPhone photo starts. */
export function heic(): Buffer {
  const ftyp = Buffer.concat([Buffer.from('ftypheic', 'latin1'), Buffer.alloc(4), Buffer.from('mif1heic', 'latin1')]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(4 + ftyp.length);
  return Buffer.concat([size, ftyp, Buffer.alloc(64, 0)]);
}

/** A Windows executable's start ("MZ", then a PE header offset). */
export function exe(): Buffer {
  const bytes = Buffer.alloc(512, 0);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

/** A Linux executable's start (the ELF magic, 64-bit, little-endian). */
export function elf(): Buffer {
  return Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0)]);
}

/** A zip of the given entries (names → contents), as an office program or an archiver writes one. */
export function zip(entries: Record<string, string>, options: { compress?: boolean } = {}): Promise<Buffer> {
  const file = new ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    file.addBuffer(Buffer.from(content), name, { compress: options.compress ?? true });
  }
  file.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.outputStream.on('data', (c: Buffer) => chunks.push(c));
    file.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    file.outputStream.on('error', reject);
  });
}

const OOXML_MAIN = {
  docx: ['word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
  xlsx: ['xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
  pptx: ['ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml'],
} as const;

/** A minimal Office Open XML package (docx, xlsx, pptx): [Content_Types].xml first, then its main part. */
export function ooxml(kind: keyof typeof OOXML_MAIN, filler = 0): Promise<Buffer> {
  const [part, type] = OOXML_MAIN[kind];
  return zip(
    {
      '[Content_Types].xml':
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        `<Override PartName="/${part}" ContentType="${type}"/>${' '.repeat(filler)}</Types>`,
      [part]: '<?xml version="1.0"?><document/>',
      // Stored as is when padded, so the padding really takes room.
    },
    { compress: filler === 0 },
  );
}

/** A minimal OpenDocument file: the uncompressed `mimetype` entry first, as the format requires. */
export async function odf(kind: 'odt' | 'ods'): Promise<Buffer> {
  const mime =
    kind === 'odt' ? 'application/vnd.oasis.opendocument.text' : 'application/vnd.oasis.opendocument.spreadsheet';
  const file = new ZipFile();
  file.addBuffer(Buffer.from(mime), 'mimetype', { compress: false });
  file.addBuffer(Buffer.from('<?xml version="1.0"?><office:document-content/>'), 'content.xml');
  file.end();
  const chunks: Buffer[] = [];
  for await (const c of file.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
