import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { servedApiRoutes } from '../../test/harness/served-routes.ts';
import { createTestApp, testConfig } from '../../test/test-app.ts';
import { type ApiModule, defineModule, type SharedDeps } from '../api-module.ts';
import { buildServices } from '../app.ts';
import { MODULES, USER_TABLES } from './registry.ts';

/**
 * The registry is complete (issue 27 item 6): a module folder that is not in modules/registry.ts
 * would have no routes, no services, and its tables would be neither exported nor cleared with the
 * account, so a newcomer who forgets the line fails here.
 */
const folders = readdirSync(import.meta.dirname, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const folderOf = (m: ApiModule) => m.name.split('/')[0] as string;

describe('modules/registry.ts', () => {
  it('has an entry for every folder of modules/, described in its module.ts', () => {
    expect(folders.length).toBeGreaterThan(20);
    const listed = new Set(MODULES.map(folderOf));
    expect(
      folders.filter((f) => !listed.has(f)),
      'module folders without a line in modules/registry.ts',
    ).toEqual([]);
    const withoutModuleFile = folders.filter((f) => !readdirSync(join(import.meta.dirname, f)).includes('module.ts'));
    expect(withoutModuleFile, 'module folders without a module.ts').toEqual([]);
  });

  it("lists every module a folder's module.ts exports, once, under its folder's name", async () => {
    for (const folder of folders) {
      const source = readFileSync(join(import.meta.dirname, folder, 'module.ts'), 'utf8');
      const exported = [...source.matchAll(/^export const (\w+Module)\b/gm)].map((m) => m[1] as string);
      expect(exported.length, `${folder}/module.ts exports no module`).toBeGreaterThan(0);
      const index: Record<string, unknown> = await import(`./${folder}/index.ts`);
      for (const name of exported) {
        const module = index[name] as ApiModule | undefined;
        expect(module, `${folder}/index.ts does not export ${name}`).toBeDefined();
        expect(
          MODULES.filter((m) => m === module),
          `${name} in modules/registry.ts`,
        ).toHaveLength(1);
        expect(folderOf(module as ApiModule), `${name}'s name`).toBe(folder);
      }
    }
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size, 'two registry entries with one name').toBe(names.length);
  });

  it('names each table of a user once, so the export and the deletion see each once', () => {
    const names = USER_TABLES.map((t) => t.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it("serves every API route under a prefix of some module's routes", async () => {
    const t = await createTestApp();
    try {
      const shared = { config: testConfig(), database: t.database, db: t.database.db } as SharedDeps;
      // The factories only pass the services on: any value stands in for them.
      const anything = new Proxy({}, { get: () => ({}) });
      const prefixes = MODULES.flatMap((m) =>
        (m.routes?.(shared, anything) ?? []).map((r) => String(r.options.prefix)),
      );
      const outside = servedApiRoutes(t.app).filter(
        (route) => !route.startsWith('GET /api/docs') && !prefixes.some((p) => route.split(' ')[1]?.startsWith(p)),
      );
      expect(outside, 'API routes no module registers').toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('refuses at start-up a module that needs a service no module before it provides', () => {
    const home = defineModule({ name: 'home', services: (_d, s: { fund: unknown }) => ({ home: s.fund }) });
    const fund = defineModule({ name: 'emergency-fund', services: () => ({ fund: 'the fund' }) });
    const shared = {} as SharedDeps;
    expect(() => buildServices([home, fund], shared)).toThrow(
      'module home needs the service "fund", which no module before it in modules/registry.ts provides',
    );
    expect(() => buildServices([fund, home], shared)).not.toThrow();
    expect(() => buildServices([fund, fund], shared)).toThrow('two modules provide the service "fund"');
  });
});
