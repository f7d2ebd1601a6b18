import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, buildPostgresTemplate, dropPostgresDatabase, postgresUrl } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string;
  }
}

/** Migrates once per run; every test file then starts from a copy in a fraction of the time. */
export default async function setup(project: TestProject) {
  if (postgresUrl) {
    const name = await buildPostgresTemplate(postgresUrl);
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplatePath', '');
    return async () => dropPostgresDatabase(postgresUrl as string, name);
  }
  const dir = mkdtempSync(join(tmpdir(), 'helo-pglite-'));
  const path = join(dir, 'template.tar');
  writeFileSync(path, Buffer.from(await (await buildPgliteTemplate()).arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
