import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Feature } from '../lib/feature.ts';
import { COMPOSED_PAGES, FEATURES, menuOf } from './features.ts';

/** A feature folder's source files, test code left out: path inside features/ → text. */
type Sources = ReadonlyMap<string, string>;

const isTestCode = (path: string) => /\.test\.tsx?$|\.test-helpers\.tsx?$|(^|\/)testing\.ts$/.test(path);

function readSources(root: string): Sources {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name))
        files.set(relative(root, path).replaceAll('\\', '/'), readFileSync(path, 'utf8'));
    }
  };
  walk(root);
  return files;
}

const folderOf = (path: string) => path.slice(0, path.indexOf('/'));

/**
 * What is wrong with the registry against the feature folders:
 * - a folder with a page (`*-page.tsx`) that is not in the registry, or a registry id with no folder;
 * - a query key, in a feature's code, whose first element is not the feature's id (the shared key
 *   convention that lets a write name a feature instead of importing its keys);
 * - a feature importing a query key from another feature, or a public file offering one.
 */
export function registryProblems(sources: Sources, features: readonly Pick<Feature, 'id'>[]): string[] {
  const problems: string[] = [];
  const folders = new Set([...sources.keys()].map(folderOf));
  const ids = new Set(features.map((f) => f.id));
  for (const folder of [...folders].sort()) {
    const pages = [...sources.keys()].filter((p) => folderOf(p) === folder && /-page\.tsx$/.test(p));
    if (pages.length > 0 && !ids.has(folder)) {
      problems.push(`${folder} has pages (${pages.join(', ')}) but is not in app/features.ts`);
    }
  }
  for (const id of ids) if (!folders.has(id)) problems.push(`the registry's "${id}" has no folder features/${id}`);

  for (const [path, text] of sources) {
    if (isTestCode(path)) continue;
    const own = folderOf(path);
    // Keys written out: `queryKey: ['x', …]` and constants named …KEY/…Key = ['x', …], or lists of them.
    const literal = /(?:\bqueryKey\s*:|\b\w*(?:KEYS?|Keys?)\s*=)\s*\[\s*\[?\s*'([^']*)'/g;
    for (const match of text.matchAll(literal)) {
      if (match[1] !== own) {
        problems.push(`${path}: query key starting '${match[1]}', not its feature's id '${own}'`);
      }
    }
    const imports = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'\.\.\/([^/']+)\/[^']*'/g;
    for (const match of text.matchAll(imports)) {
      const other = match[2] as string;
      if (!folders.has(other) || other === own) continue;
      for (const name of (match[1] as string).split(',').map((n) => n.trim().replace(/^type\s+/, ''))) {
        if (/KEYS?\b|Keys?\b/.test(name)) problems.push(`${path}: imports ${name} from the ${other} feature's keys`);
      }
    }
    if (path === `${own}/index.ts`) {
      for (const match of text.matchAll(/export\s*\{([^}]*)\}/g)) {
        for (const name of (match[1] as string).split(',').map((n) => n.trim())) {
          if (/KEYS?\b|Keys?\b/.test(name)) problems.push(`${path}: its public file offers the query key ${name}`);
        }
      }
    }
  }
  return problems;
}

const featuresDir = join(import.meta.dirname, '../features');

describe('the feature registry (app/features.ts)', () => {
  it('lists every feature with pages, each one with its query keys under its own id and no other feature’s', () => {
    expect(registryProblems(readSources(featuresDir), FEATURES)).toEqual([]);
  });

  it('finds a feature with pages left out, and keys taken from another feature', () => {
    const sources = new Map([
      ['home/home-page.tsx', 'export function HomePage() {}'],
      ['home/use-home.ts', "export const HOME_KEY = ['home'];"],
      ['nest/use-nest.ts', "const FED_KEYS = [['home'], ['nest']];\nuseQuery({ queryKey: ['nest', 'entries'] });"],
      ['nest/nest-page.tsx', "import { HOME_KEY } from '../home/index.ts';"],
      ['home/index.ts', "export { HOME_KEY } from './use-home.ts';"],
    ]);
    expect(registryProblems(sources, [{ id: 'nest' }, { id: 'vault' }])).toEqual([
      'home has pages (home/home-page.tsx) but is not in app/features.ts',
      'the registry\'s "vault" has no folder features/vault',
      "nest/use-nest.ts: query key starting 'home', not its feature's id 'nest'",
      "nest/nest-page.tsx: imports HOME_KEY from the home feature's keys",
      'home/index.ts: its public file offers the query key HOME_KEY',
    ]);
  });

  it('gives every route one page and one path, and every composed page a route', () => {
    const routes = FEATURES.flatMap((f) => f.routes ?? []);
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of routes) {
      const pages = [route.page, route.component, COMPOSED_PAGES[route.path]].filter(Boolean);
      expect(pages, route.path).toHaveLength(1);
      expect(route.path.startsWith('/dashboard/'), route.path).toBe(route.layout === 'dashboard');
    }
    for (const path of Object.keys(COMPOSED_PAGES)) expect(paths).toContain(path);
  });

  it('names only features it has, in menus, locks and invalidations', () => {
    const ids = FEATURES.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const feature of FEATURES) {
      for (const target of feature.invalidates ?? []) {
        expect(ids, `${feature.id} invalidates ${target}`).toContain(target);
        expect(target).not.toBe(feature.id);
      }
      for (const entry of feature.menu ?? []) {
        expect(
          feature.routes?.map((r) => r.path),
          entry.label,
        ).toContain(entry.to);
        if (entry.lockedUntil) expect(FEATURES.find((f) => f.id === entry.lockedUntil)?.activation).toBeDefined();
      }
    }
  });

  // The order people see is checked in e2e/specs/dashboard.spec.ts; this pins what the registry builds.
  it('builds the side menu of spec §2, in its order, with its locks', () => {
    const items = (section: 'main' | 'other') =>
      menuOf(section).map((e) => [e.label, e.to, e.lockedUntil ?? null] as const);
    expect(items('main')).toEqual([
      ['Home', '/dashboard/home', null],
      ['Nest Account', '/dashboard/helo-money-pool', 'nest'],
      ['My Wallet', '/dashboard/my-wallet', 'nest'],
      ['My Budget', '/dashboard/my-budget', null],
      ['My Loans', '/dashboard/my-loans', null],
      ['My Emergency Fund', '/dashboard/my-emergency-fund-details', null],
      ['My Lifestyle Savings', '/dashboard/my-lifestyle-savings', null],
      ['My Investments', '/dashboard/my-investments', null],
      ['Vault', '/dashboard/helo-vault', 'vault'],
    ]);
    expect(items('other')).toEqual([
      ['Help Center', '/dashboard/help-center', null],
      ['Privacy Policy', '/dashboard/privacy-policy', null],
      ['Terms of Service', '/dashboard/terms-conditions', null],
    ]);
  });
});
