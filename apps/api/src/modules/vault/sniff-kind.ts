import { VAULT_KINDS, type VaultKind } from '@helo/contract/vault';
import { fileTypeFromBuffer } from 'file-type';

/**
 * What kind of document a Vault upload is, from its bytes (issue 17: never from the name or the
 * Content-Type the browser sent). The name only narrows two cases the bytes alone leave open: an
 * office file whose zip entries file-type could not read within the first bytes, and plain text.
 */

/** How much of the start of a file the sniff reads: file-type's own "reasonable detection size". */
export const SNIFF_BYTES = 4100;

export const NOT_TAKEN =
  'is not a file type the Vault takes: PDF, images (PNG, JPEG, HEIC, WebP), Word, Excel, PowerPoint, OpenDocument, CSV or text';

/** file-type's extension → the Vault's kind, for every kind file-type recognises by itself. */
const DETECTED: Record<string, VaultKind> = {
  pdf: 'pdf',
  png: 'png',
  apng: 'png',
  jpg: 'jpeg',
  heic: 'heic',
  webp: 'webp',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  odt: 'odt',
  ods: 'ods',
};

const OOXML: ReadonlySet<VaultKind> = new Set(['docx', 'xlsx', 'pptx']);
const TEXT: ReadonlySet<VaultKind> = new Set(['csv', 'txt']);

/** The kind a file name's extension names, if any (lower-cased, the part after the last dot). */
export function kindOfName(name: string): VaultKind | undefined {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return undefined;
  const ext = name.slice(dot + 1).toLowerCase();
  return (Object.keys(VAULT_KINDS) as VaultKind[]).find((k) =>
    (VAULT_KINDS[k].extensions as readonly string[]).includes(ext),
  );
}

export const isTextKind = (kind: VaultKind) => TEXT.has(kind);

/**
 * The kind of a file that starts with `head` (at most SNIFF_BYTES; the whole file when shorter), or
 * undefined when the Vault does not take it. A text kind is only provisional: the caller checks the
 * rest of the bytes with TextCheck.
 */
export async function sniffKind(head: Buffer, fileName: string): Promise<VaultKind | undefined> {
  const named = kindOfName(fileName);
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    const kind = DETECTED[detected.ext];
    if (kind) return kind;
    // An OOXML file whose [Content_Types].xml file-type could not finish reading within the head
    // comes back as a plain zip: taken only when the name says which office file it is AND the zip
    // does carry an OOXML package's [Content_Types].xml entry. An ODF file is recognised by its
    // leading `mimetype` entry already, so a zip named .odt/.ods is not one.
    if (detected.ext === 'zip' && named && OOXML.has(named) && zipEntryNames(head).includes('[Content_Types].xml')) {
      return named;
    }
    return undefined;
  }
  if (named && TEXT.has(named) && head.length > 0) {
    const check = new TextCheck();
    return check.push(head) && check.end() ? named : undefined;
  }
  return undefined;
}

/** The names of the zip's local file headers found in `bytes` (the ones that start within them). */
export function zipEntryNames(bytes: Buffer): string[] {
  const names: string[] = [];
  let at = bytes.indexOf('PK\x03\x04', 0, 'latin1');
  while (at >= 0 && at + 30 <= bytes.length) {
    const nameLength = bytes.readUInt16LE(at + 26);
    if (at + 30 + nameLength <= bytes.length) names.push(bytes.toString('utf8', at + 30, at + 30 + nameLength));
    at = bytes.indexOf('PK\x03\x04', at + 4, 'latin1');
  }
  return names;
}

/**
 * Whether bytes fed in slices are UTF-8 text without NUL or other binary control characters (tab,
 * line feed, carriage return and form feed are text). A slice may end inside a character.
 */
export class TextCheck {
  readonly #decoder = new TextDecoder('utf-8', { fatal: true });
  #ok = true;

  push(bytes: Buffer): boolean {
    if (this.#ok) this.#ok = this.#clean(() => this.#decoder.decode(bytes, { stream: true }));
    return this.#ok;
  }

  /** True when every slice was text and the last one did not stop inside a character. */
  end(): boolean {
    if (this.#ok) this.#ok = this.#clean(() => this.#decoder.decode());
    return this.#ok;
  }

  #clean(decode: () => string): boolean {
    try {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
      return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(decode());
    } catch {
      return false;
    }
  }
}
