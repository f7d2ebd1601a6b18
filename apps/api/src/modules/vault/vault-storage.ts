import type { AppConfig } from '../../config.ts';
import { DiskStorage } from './disk-storage.ts';
import type { FileStorage } from './file-storage.ts';
import { S3Storage } from './s3-storage.ts';

/** The Vault's store for this server: the configured bucket, else `<DATA_DIR>/vault`. */
export function vaultStorage(config: AppConfig): FileStorage {
  return config.vaultS3 ? new S3Storage(config.vaultS3) : new DiskStorage(config.vaultDir);
}
