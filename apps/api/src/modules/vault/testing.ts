// The vault module's test-only public file: what its tests offer the tests of other modules.
export { DiskStorage } from './disk-storage.ts';
export { decryptStream, encryptStream, fileContext, newDataKey } from './file-cipher.ts';
export { harness, VAULT, vaultUploadAs } from './module.test-helpers.ts';
export { vaultFileBody } from './vault-requests.test-helpers.ts';
