/**
 * `npm run lint`'s check that modules keep to themselves (issue 27, ARCHITECTURE.md "Modules keep to
 * themselves"). Two rules, over the relative imports of apps/ and e2e/:
 *
 * 1. Public file. An API module (apps/api/src/modules/<x>/) or a web feature (apps/web/src/features/<x>/)
 *    is imported from outside only through its `index.ts` (and its own files never import that);
 *    test code (tests, test helpers, the API's test harness and bench, e2e) may also import its
 *    `testing.ts`, the test helpers it offers others. The web's app shell (apps/web/src/app/), where
 *    the features are put together, may import any of their files: the router loads each page as a
 *    chunk of its own and vite.config.ts groups the dashboard's modules file by file, which
 *    re-exports through index.ts would merge.
 * 2. No two-way dependencies between areas: a module, a feature, or one of the folders beside them
 *    (apps/api/src/lib, plugins, mail, jobs, backup, apps/web/src/lib, components, app; a file
 *    directly under src/, such as app.ts or config.ts, is an area of its own) never depends on an
 *    area that depends back on it, directly or around a longer loop. Tests are left out of this
 *    graph: a test reaches the whole app through its harness.
 *
 * Not Biome: its noRestrictedImports matches the import's text, not the file it resolves to, and its
 * noImportCycles sees cycles of files, not of folders. Not dependency-cruiser: it parses TypeScript
 * with the compiler's JavaScript API, which TypeScript 7 no longer has. Imports are read with regular
 * expressions, as db-free-files.test.ts does: Biome's formatting keeps them in these shapes.
 *
 * Run: `node scripts/module-bounds.ts [root]` (root defaults to the repository); exit 1 on a violation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';

/** Folders whose every subfolder is one area with a public file. */
const BOUNDED = ['apps/api/src/modules', 'apps/web/src/features'];
/** The app roots under which the other first-level folders (lib, plugins, …) are areas too. */
const APP_ROOTS = ['apps/api/src', 'apps/web/src'];
const PUBLIC_FILE = 'index.ts';
const TEST_PUBLIC_FILE = 'testing.ts';
/** Where the web app is assembled: it picks a feature's files one by one (pages, the menu's queries). */
const ASSEMBLY = 'apps/web/src/app/';
const SCANNED = ['apps', 'e2e'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-types', 'test-results', 'coverage']);

const TEST_CODE = [
  /\.test\.tsx?$/,
  /\.test-helpers\.tsx?$/,
  /\.fixtures\.tsx?$/,
  /(^|\/)testing\.ts$/,
  /^apps\/api\/(test|bench|chaos)\//,
  /^apps\/web\/(src\/test|bench)\//,
  /^e2e\//,
];

// The shapes an import takes: `import … from '…'`, `export … from '…'`, `import '…'`, `import('…')`,
// and vitest's module mocks, which name the file they replace.
const IMPORT_PATTERNS = [
  /^\s*(?:import|export)\b[^;'"`]*?\bfrom\s*'([^']+)'/gm,
  /^\s*import\s*'([^']+)'/gm,
  /\bimport\(\s*'([^']+)'/g,
  /\bvi\.(?:mock|doMock|importActual|importMock)\(\s*'([^']+)'/g,
];

export interface Violation {
  file: string;
  line: number;
  message: string;
}

interface Import {
  file: string;
  line: number;
  target: string;
}

const isTestCode = (file: string) => TEST_CODE.some((pattern) => pattern.test(file));

function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(path);
      }
    }
  };
  for (const dir of SCANNED) walk(dir);
  return files.sort();
}

function importsOf(root: string, file: string): Import[] {
  const source = readFileSync(join(root, file), 'utf8');
  const found: Import[] = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of source.matchAll(pattern)) {
      const specifier = match[1] as string;
      if (!specifier.startsWith('.')) continue;
      const at = (match.index ?? 0) + match[0].indexOf(specifier);
      found.push({
        file,
        line: source.slice(0, at).split('\n').length,
        target: posix.normalize(posix.join(posix.dirname(file), specifier)),
      });
    }
  }
  return found;
}

/** The module or feature a file belongs to (`apps/api/src/modules/nest`), if any. */
function boundedArea(file: string): string | undefined {
  for (const dir of BOUNDED) {
    const match = file.startsWith(`${dir}/`) && file.slice(dir.length + 1).match(/^([^/]+)\//);
    if (match) return `${dir}/${match[1]}`;
  }
  return undefined;
}

/** The area a file counts in for the no-cycles rule: its module or feature, else its first folder. */
function area(file: string): string | undefined {
  const bounded = boundedArea(file);
  if (bounded) return bounded;
  for (const rootDir of APP_ROOTS) {
    if (!file.startsWith(`${rootDir}/`)) continue;
    const rest = file.slice(rootDir.length + 1);
    const slash = rest.indexOf('/');
    return slash < 0 ? file : `${rootDir}/${rest.slice(0, slash)}`;
  }
  return undefined;
}

function publicFileViolation({ file, target }: Import): string | undefined {
  const owner = boundedArea(target);
  if (!owner) return undefined;
  const inside = target.slice(owner.length + 1);
  if (boundedArea(file) === owner) {
    // Through its own index.ts a file would import itself back: a loop the runtime may not untangle.
    // A test may (nothing imports a test), to test the module as others see it.
    const own = !isTestCode(file) && (inside === PUBLIC_FILE || inside === TEST_PUBLIC_FILE);
    return own ? `imports its own module's ${inside}: import the file that has it` : undefined;
  }
  if (inside === PUBLIC_FILE) return undefined;
  if (inside === TEST_PUBLIC_FILE && isTestCode(file)) return undefined;
  if (file.startsWith(ASSEMBLY) && owner.startsWith('apps/web/src/features/')) return undefined;
  const allowed = isTestCode(file) ? `${PUBLIC_FILE} or ${TEST_PUBLIC_FILE}` : PUBLIC_FILE;
  return `imports ${target}, inside ${owner}: import ${owner}/${allowed} instead (its public file)`;
}

/** Each group of areas that depend on each other (Tarjan's strongly connected components). */
function cycles(edges: Map<string, Map<string, Import>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

export function checkModuleBounds(root: string): Violation[] {
  const violations: Violation[] = [];
  const edges = new Map<string, Map<string, Import>>();
  for (const file of sourceFiles(root)) {
    for (const found of importsOf(root, file)) {
      const message = publicFileViolation(found);
      if (message) violations.push({ file, line: found.line, message });
      if (isTestCode(file)) continue;
      const from = area(file);
      const to = area(found.target);
      if (!from || !to || from === to) continue;
      const out = edges.get(from) ?? new Map<string, Import>();
      if (!out.has(to)) out.set(to, found);
      edges.set(from, out);
    }
  }
  for (const group of cycles(edges)) {
    const members = new Set(group);
    const links = group.flatMap((from) =>
      [...(edges.get(from) ?? [])]
        .filter(([to]) => members.has(to))
        .map(([to, example]) => `  ${from} → ${to} (${example.file}:${example.line})`),
    );
    const first = edges.get(group[0] as string);
    const example = [...(first ?? [])].find(([to]) => members.has(to))?.[1];
    violations.push({
      file: example?.file ?? (group[0] as string),
      line: example?.line ?? 1,
      message: `these depend on each other; make the dependency go one way:\n${links.join('\n')}`,
    });
  }
  return violations;
}

if (import.meta.main) {
  const root = resolve(process.argv[2] ?? join(dirname(import.meta.filename), '..'));
  const violations = checkModuleBounds(root);
  for (const { file, line, message } of violations) {
    console.error(`${relative(process.cwd(), join(root, file)) || file}:${line} ${message}`);
  }
  if (violations.length > 0) {
    console.error(
      `\nmodule bounds: ${violations.length} violation(s); see ARCHITECTURE.md, "Modules keep to themselves".`,
    );
    process.exit(1);
  }
  console.log(
    'module bounds: every module and feature is imported through its public file, and no two depend on each other.',
  );
}
