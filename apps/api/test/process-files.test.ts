import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROCESS_MARKERS, processTestFiles } from './process-files.ts';

const apiRoot = resolve(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(apiRoot, path)] : [];
  });
}

describe('the API test files that run in a process of their own', () => {
  it('lists every test file that starts child processes, and only files that exist', () => {
    const spawning = [...testFiles(join(apiRoot, 'src')), ...testFiles(join(apiRoot, 'test'))]
      .filter((file) => file !== 'test/process-files.test.ts')
      .filter((file) => PROCESS_MARKERS.some((marker) => marker.test(readFileSync(join(apiRoot, file), 'utf8'))))
      .sort();
    expect([...processTestFiles].sort()).toEqual(spawning);
    for (const file of processTestFiles) expect(existsSync(join(apiRoot, file))).toBe(true);
  });
});
