// After `vite build`: writes a brotli and a gzip copy of every text file in dist (the server sends them
// as they are, see apps/api/src/plugins/web-app.ts), and moves the source maps out of dist into
// dist-sourcemaps/ (WEB_OUT_DIR: the same next to that directory), so they are kept for debugging and bundle analysis but never served.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webRoot = join(import.meta.dirname, '..');
const dist = resolve(webRoot, process.env.WEB_OUT_DIR ?? 'dist');
const maps = `${dist}-sourcemaps`;
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|webmanifest|txt)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

rmSync(maps, { recursive: true, force: true });
let count = 0;
for (const path of [...files(dist)]) {
  if (path.endsWith('.map')) {
    const target = join(maps, relative(dist, path));
    mkdirSync(dirname(target), { recursive: true });
    renameSync(path, target);
    continue;
  }
  if (!COMPRESSIBLE.test(path)) continue;
  const bytes = readFileSync(path);
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  );
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
  count += 1;
}
console.log(`precompress: ${count} files written as .br and .gz; source maps moved to dist-sourcemaps/`);
