import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run lint`'s second half (scripts/module-bounds.ts), run as lint runs it, on a small tree of
// files written for each test, and on the repository itself.
const repoRoot = resolve(import.meta.dirname, '../../..');
const checker = join(repoRoot, 'scripts/module-bounds.ts');
const MODULES = 'apps/api/src/modules';

let tree: string | undefined;

afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

/** Writes the files (path → source) into a fresh directory and runs the checker on it. */
function lint(files: Record<string, string>) {
  tree = mkdtempSync(join(tmpdir(), 'module-bounds-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), source);
  }
  const run = spawnSync(process.execPath, [checker, tree], { cwd: tree, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

const wallet = {
  [`${MODULES}/wallet/wallet.repository.ts`]: 'export const balanceQuery = () => 0;\n',
  [`${MODULES}/wallet/wallet.service.ts`]:
    "import { balanceQuery } from './wallet.repository.ts';\nexport class WalletService {}\n",
  [`${MODULES}/wallet/index.ts`]: "export { balanceQuery } from './wallet.repository.ts';\n",
  [`${MODULES}/wallet/testing.ts`]: 'export const BASE = "/api/v1/wallet";\n',
};

describe('npm run lint: modules keep to themselves', () => {
  it("fails on a module that imports another module's repository, naming the file and the line", () => {
    const { status, output } = lint({
      ...wallet,
      [`${MODULES}/home/home.service.ts`]: [
        '// Home reads the Wallet.',
        "import { balanceQuery } from '../wallet/wallet.repository.ts';",
        '',
      ].join('\n'),
    });
    expect(status).toBe(1);
    expect(output).toContain(
      `${MODULES}/home/home.service.ts:2 imports ${MODULES}/wallet/wallet.repository.ts, inside ${MODULES}/wallet`,
    );
    expect(output).toContain(`import ${MODULES}/wallet/index.ts instead`);
  });

  it('passes when the same import goes through the public file, and a module imports its own files freely', () => {
    const { status, output } = lint({
      ...wallet,
      [`${MODULES}/home/home.service.ts`]: "import { balanceQuery } from '../wallet/index.ts';\n",
    });
    expect(output).toContain('every module and feature is imported through its public file');
    expect(status).toBe(0);
  });

  it("fails on a module's file that imports its own public file", () => {
    const { status, output } = lint({
      ...wallet,
      [`${MODULES}/wallet/wallet.routes.ts`]: "import { WalletService } from './index.ts';\n",
    });
    expect(status).toBe(1);
    expect(output).toContain(`${MODULES}/wallet/wallet.routes.ts:1 imports its own module's index.ts`);
  });

  it('lets tests, and only tests, import the test-only public file', () => {
    const testing = "import { BASE } from '../wallet/testing.ts';\n";
    expect(lint({ ...wallet, [`${MODULES}/home/home.routes.test.ts`]: testing }).status).toBe(0);
    const { status, output } = lint({ ...wallet, [`${MODULES}/home/home.service.ts`]: testing });
    expect(status).toBe(1);
    expect(output).toContain(`${MODULES}/home/home.service.ts:1 imports ${MODULES}/wallet/testing.ts`);
  });

  it('fails on two modules that depend on each other, even through their public files', () => {
    const { status, output } = lint({
      [`${MODULES}/nest/nest.service.ts`]: "import { EmergencyFundService } from '../emergency-fund/index.ts';\n",
      [`${MODULES}/nest/index.ts`]: "export { NestService } from './nest.service.ts';\n",
      [`${MODULES}/emergency-fund/emergency-fund.service.ts`]: "import { isNestFundEntry } from '../nest/index.ts';\n",
      [`${MODULES}/emergency-fund/index.ts`]: "export { EmergencyFundService } from './emergency-fund.service.ts';\n",
    });
    expect(status).toBe(1);
    expect(output).toContain('these depend on each other');
    expect(output).toContain(
      `${MODULES}/emergency-fund → ${MODULES}/nest (${MODULES}/emergency-fund/emergency-fund.service.ts:1)`,
    );
    expect(output).toContain(`${MODULES}/nest → ${MODULES}/emergency-fund (${MODULES}/nest/nest.service.ts:1)`);
  });

  it('holds for the repository', () => {
    const run = spawnSync(process.execPath, [checker], { cwd: repoRoot, encoding: 'utf8' });
    expect(run.stdout + run.stderr).toContain('every module and feature is imported through its public file');
    expect(run.status).toBe(0);
  });
});
