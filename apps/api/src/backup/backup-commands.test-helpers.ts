import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Test helper: runs `npm run backup` / `npm run restore` as the operator would (their scripts, as
// processes), with only the environment given.

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The last line printed, where the backup's path is. */
  lastLine: string;
}

export function runCommand(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<CommandResult> {
  const script = fileURLToPath(new URL(`./${command}-command.ts`, import.meta.url));
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(cwd ? { cwd } : {}),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => {
    stdout += String(c);
  });
  child.stderr.on('data', (c) => {
    stderr += String(c);
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const lines = stdout.trimEnd().split('\n');
      resolve({ code, stdout, stderr, lastLine: lines[lines.length - 1] ?? '' });
    });
  });
}
