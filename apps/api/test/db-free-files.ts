/**
 * API test files that never open a database, so the second run of the API suite, on PostgreSQL, leaves
 * them out (`npm run test:pg`): they test pure functions, parsers, ciphers and storage over the file
 * system, which cannot behave differently on another database. Everything else runs on
 * both: a new test file runs on PostgreSQL unless it is added here. db-free-files.test.ts checks that
 * each one exists and reaches no database, directly or through what it imports (a file that imports a
 * repository or the config stays on both, even if its tests never call them).
 */
export const dbFreeTestFiles = [
  // Codes of two-factor sign-in (RFC 6238), secret sealing, the password policy.
  'src/modules/auth/two-factor/totp.test.ts',
  'src/lib/secret-box.test.ts',
  'src/lib/password.test.ts',
  // The Vault's file type sniffing, cipher and disk storage (a temporary directory).
  'src/modules/vault/sniff-kind.test.ts',
  'src/modules/vault/file-cipher.test.ts',
  'src/modules/vault/disk-storage.test.ts',
  // The bank file readers and the import preview's duplicate marking (pure functions).
  'src/modules/wallet/import/csv-reader.test.ts',
  'src/modules/wallet/import/ofx-reader.test.ts',
  'src/modules/wallet/import/amount-cents.test.ts',
  'src/modules/wallet/import/import-preview.test.ts',
  // Where a bank connection's token may send the server.
  'src/modules/bank-connections/providers/outbound-url.test.ts',
  'src/modules/wallet/import/statement-readers.test.ts',
  // The fuzzer's value generator.
  'test/harness/schema-values.test.ts',
  // `npm run lint`'s import checker, on a temporary tree of files.
  'test/module-bounds.test.ts',
  // The backup's tar writer and reader, against the system's tar.
  'src/backup/tar.test.ts',
];

/**
 * API test files that do open a database, but always the embedded one: they start the real server
 * or the backup commands as child processes on a data directory of their own, with no DATABASE_URL,
 * whatever TEST_DATABASE_URL says. The PostgreSQL run would repeat them byte for byte (a minute of
 * servers starting), so it leaves them out too. db-free-files.test.ts checks that none of them, nor
 * what it imports, reads TEST_DATABASE_URL or opens a database in the test process.
 */
export const embeddedOnlyTestFiles = [
  'src/server.test.ts',
  'src/data-dir-permissions.test.ts',
  'src/backup/backup-server.test.ts',
];

/** What `npm run test:pg` leaves out (TEST_SKIP_DB_FREE): the two lists above. */
export const skippedOnPostgres = process.env.TEST_SKIP_DB_FREE ? [...dbFreeTestFiles, ...embeddedOnlyTestFiles] : [];
