/**
 * API test files that run each in a process of its own (the `api-processes` project), while the rest
 * share their workers (`api`, unisolated: a worker runs file after file, which halves the suite's CPU
 * time; docs/measurements.md, "CI time"). These start servers or commands as child processes and hold
 * process-wide things (a data directory's lock, a backup socket, the umask, signal handlers): after
 * other files in the same worker, backup.test.ts's commands timed out while the file passed alone.
 * process-files.test.ts keeps this list complete.
 */
export const processTestFiles = [
  'src/backup/backup.test.ts',
  'src/backup/backup-server.test.ts',
  'src/backup/tar.test.ts',
  'src/data-dir-permissions.test.ts',
  'src/plugins/rate-limits.redis.test.ts',
  'src/server.test.ts',
  // Runs the module-bounds checker as lint does, in a child process of its own.
  'test/module-bounds.test.ts',
];

/** What marks a test file as one that starts child processes. */
export const PROCESS_MARKERS = [/from 'node:child_process'/, /startServer\(/, /runCommand\(/];
