import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dbFreeTestFiles, embeddedOnlyTestFiles } from './db-free-files.ts';

const apiRoot = resolve(import.meta.dirname, '..');
// What opens a database, or starts a server that does: a file that reaches one of them is not DB-free.
const DATABASE_MARKERS = [
  /from '@helo\/db\/client'/,
  /from '@electric-sql\/pglite/,
  /from 'pg'/,
  /from 'pg-boss'/,
  /DATABASE_URL/,
  /server\.ts'/,
  /openTestDatabase|createTestApp|useTestApp/,
];

// Servers started as child processes are embedded unless the test side hands them a database (the
// product reaches PostgreSQL only through DATABASE_URL in its environment): what would hand them one,
// in the test file and the test helpers it imports.
const POSTGRES_MARKERS = [
  /TEST_DATABASE_URL/,
  /postgresUrl/,
  /from '@helo\/db\/client'/,
  /from 'pg'/,
  /openTestDatabase|createTestApp|useTestApp/,
];

/** Every file the test file imports, following relative imports through the API's own sources. */
function importClosure(file: string): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (path: string) => {
    if (seen.has(path) || !existsSync(path)) return;
    const source = readFileSync(path, 'utf8');
    seen.set(path, source);
    for (const [, spec] of source.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      visit(join(dirname(path), spec as string));
    }
  };
  visit(join(apiRoot, file));
  return seen;
}

/** The test-side files (tests, test/, *.test-helpers.ts) in `file`'s imports that could reach PostgreSQL. */
function testSideReaching(file: string): string[] {
  const testSide = (path: string) => /(\.test\.ts|\.test-helpers\.ts)$/.test(path) || path.startsWith('test/');
  return [...importClosure(file)]
    .map(([path, source]) => [relative(apiRoot, path), source] as const)
    .filter(([path, source]) => testSide(path) && POSTGRES_MARKERS.some((marker) => marker.test(source)))
    .map(([path]) => path);
}

describe('the API test files left out of the PostgreSQL run', () => {
  it.each(dbFreeTestFiles)('%s exists and reaches no database', (file) => {
    expect(existsSync(join(apiRoot, file))).toBe(true);
    const reached = [...importClosure(file)]
      .filter(([, source]) => DATABASE_MARKERS.some((marker) => marker.test(source)))
      .map(([path]) => relative(apiRoot, path));
    expect(reached).toEqual([]);
  });

  it.each(embeddedOnlyTestFiles)('%s exists and never reaches PostgreSQL', (file) => {
    expect(existsSync(join(apiRoot, file))).toBe(true);
    expect(testSideReaching(file)).toEqual([]);
  });

  it('notices a file that can reach PostgreSQL', () => {
    const reached = testSideReaching('src/backup/backup.test.ts');
    expect(reached.length).toBeGreaterThan(0);
  });

  it('notices a file that opens a database', () => {
    const reached = [...importClosure('src/modules/auth/auth.sessions.test.ts')].filter(([, source]) =>
      DATABASE_MARKERS.some((marker) => marker.test(source)),
    );
    expect(reached.length).toBeGreaterThan(0);
  });
});
