import { z } from 'zod';
import { envelope } from './envelope.ts';
import { oneLineName, text } from './fields.ts';

/**
 * The Vault (`v1/vault`, issue 17; decisions.md "Vault"): documents a user keeps with Helo,
 * encrypted at rest, downloaded only through the signed-in API. Activated on its own page; before
 * that every file route answers 403.
 */

/** 20 MB a file and 500 MB a user, in binary megabytes (what a file manager shows as "20 MB"). */
export const VAULT_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const VAULT_QUOTA_BYTES = 500 * 1024 * 1024;
/** Files a user can keep: the list is read whole, sorted and searched in the browser. */
export const VAULT_MAX_FILES = 1000;
export const VAULT_NAME_MAX = 200;

/**
 * What the Vault takes, by the kind sniffed from the bytes (never the name or the header): the
 * MIME type it is served with and the extensions a name of that kind may end with.
 */
export const VAULT_KINDS = {
  pdf: { label: 'PDF', mime: 'application/pdf', extensions: ['pdf'] },
  png: { label: 'PNG image', mime: 'image/png', extensions: ['png'] },
  jpeg: { label: 'JPEG image', mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  heic: { label: 'HEIC image', mime: 'image/heic', extensions: ['heic', 'heif'] },
  webp: { label: 'WebP image', mime: 'image/webp', extensions: ['webp'] },
  docx: {
    label: 'Word document',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  xlsx: {
    label: 'Excel spreadsheet',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
  },
  pptx: {
    label: 'PowerPoint presentation',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
  },
  odt: { label: 'OpenDocument text', mime: 'application/vnd.oasis.opendocument.text', extensions: ['odt'] },
  ods: {
    label: 'OpenDocument spreadsheet',
    mime: 'application/vnd.oasis.opendocument.spreadsheet',
    extensions: ['ods'],
  },
  csv: { label: 'CSV', mime: 'text/csv', extensions: ['csv'] },
  txt: { label: 'Text', mime: 'text/plain', extensions: ['txt'] },
} as const satisfies Record<string, { label: string; mime: string; extensions: readonly string[] }>;
export type VaultKind = keyof typeof VAULT_KINDS;
export const VAULT_KIND_KEYS = Object.keys(VAULT_KINDS) as VaultKind[];

/** For the picker's `accept` and the help text: every extension the Vault takes. */
export const VAULT_ACCEPT = VAULT_KIND_KEYS.flatMap((k) => VAULT_KINDS[k].extensions.map((e) => `.${e}`)).join(',');

export const vaultFileParams = z.object({ id: text('File id').max(64) });

/** PATCH /v1/vault/files/{id}: a new name, one line. */
export const vaultRenameBody = z.object({ name: oneLineName('Name', VAULT_NAME_MAX) });
export type VaultRenameBody = z.input<typeof vaultRenameBody>;

export const vaultFile = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(VAULT_KIND_KEYS as [VaultKind, ...VaultKind[]]),
  mime_type: z.string(),
  /** The document's own size (what was uploaded), not what its encrypted copy takes. */
  size_bytes: z.number().int(),
  uploaded_at: z.string(),
  updated_at: z.string(),
});
export type VaultFile = z.infer<typeof vaultFile>;

/** GET /v1/vault and POST /v1/vault/activate. */
export const vaultStatus = z.object({
  active: z.boolean(),
  activated_at: z.string().nullable(),
  used_bytes: z.number().int(),
  quota_bytes: z.number().int(),
  file_max_bytes: z.number().int(),
  file_count: z.number().int(),
  max_files: z.number().int(),
});
export type VaultStatus = z.infer<typeof vaultStatus>;

export const vaultStatusResponse = envelope(vaultStatus);
export const vaultFilesResponse = envelope(z.array(vaultFile));
export const vaultFileResponse = envelope(vaultFile);
/** An upload answers the file and the Vault's new totals. */
export const vaultUploadResponse = envelope(z.object({ file: vaultFile, vault: vaultStatus }));
