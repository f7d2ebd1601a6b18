import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dbFreeTestFiles } from './db-free-files.ts';

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

describe('the API test files left out of the PostgreSQL run', () => {
  it.each(dbFreeTestFiles)('%s exists and reaches no database', (file) => {
    expect(existsSync(join(apiRoot, file))).toBe(true);
    const reached = [...importClosure(file)]
      .filter(([, source]) => DATABASE_MARKERS.some((marker) => marker.test(source)))
      .map(([path]) => relative(apiRoot, path));
    expect(reached).toEqual([]);
  });

  it('notices a file that opens a database', () => {
    const reached = [...importClosure('src/modules/auth/auth.sessions.test.ts')].filter(([, source]) =>
      DATABASE_MARKERS.some((marker) => marker.test(source)),
    );
    expect(reached.length).toBeGreaterThan(0);
  });
});
