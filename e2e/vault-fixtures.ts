/**
 * Tiny real files for the Vault's browser tests (e2e/specs/vault.spec.ts): the server reads a file's
 * type from its bytes, so these carry the real signatures.
 */

/**
 * A PDF of exactly `bytes` bytes: its header, one page, and a comment padding it out with varied
 * text, so a throttled upload of it takes long enough to watch its progress.
 */
export function pdfOfSize(bytes: number): Buffer {
  const head =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n';
  const tail = '\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  let padding = '';
  for (let line = 0; head.length + padding.length + tail.length < bytes; line++) {
    padding += `% Helo vault e2e statement line ${line} ${(line * 2654435761) % 1_000_003}\n`;
  }
  const body = `${head}${padding}`.slice(0, bytes - tail.length);
  return Buffer.from(`${body}${tail}`, 'latin1');
}

/** A 1 × 1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A Windows program's start (the MZ header and its DOS stub), the kind of file a rename to .pdf hides. */
export const EXECUTABLE = (() => {
  const bytes = Buffer.alloc(1024);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c); // where the PE header starts
  bytes.write('This program cannot be run in DOS mode.\r\r\n$', 0x4e, 'latin1');
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
})();
