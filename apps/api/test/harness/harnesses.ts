import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MODULES } from '../../src/modules/registry.ts';
import type { ModuleHarness } from './module-harness.ts';

/*
 * Apart from module-harness.ts, which the modules' module.test-helpers.ts import (its types, must,
 * newest): loading every module's testing.ts from there made a cycle, and a test that imported a
 * module's testing.ts before this file got that module without its harness (its testing.ts was not
 * evaluated yet when the loop below imported it).
 */

const modulesDir = join(import.meta.dirname, '../../src/modules');
const folders = [...new Set(MODULES.map((m) => m.name.split('/')[0] as string))];

/** Each module's harness, in registry order (a module without a testing.ts, or without `harness` in it, has none). */
export const HARNESSES: readonly { folder: string; harness: ModuleHarness }[] = (
  await Promise.all(
    folders.map(async (folder) => {
      if (!existsSync(join(modulesDir, folder, 'testing.ts'))) return undefined;
      const testing: { harness?: ModuleHarness } = await import(`../../src/modules/${folder}/testing.ts`);
      return testing.harness ? { folder, harness: testing.harness } : undefined;
    }),
  )
).filter((h) => h !== undefined);
