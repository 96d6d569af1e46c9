// `npm run build`: builds the shell and each remote with rsbuild, but only those whose sources (or the shared
// packages they bundle) changed since their last successful build, and precompresses what they built (.br, .gz).
// `node scripts/build.mjs [--force] [shell] [remotes/<family> …]` builds only the workspaces named (the Dockerfile
// builds the shell alone for the gateway image and one remote alone for its own image). Plain Node, no dependencies.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampDir = path.join(repoRoot, '.data', 'build');
const force = process.argv.includes('--force');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// Bundled into every front-end build, so a change there makes all of them stale.
const sharedSources = ['packages/contracts', 'packages/host-sdk'].map((dir) => path.join(repoRoot, dir));
const ignored = new Set(['node_modules', 'dist', '.data', 'coverage']);

/**
 * Newest modification time under `target`, skipping build output. A folder's own time counts (it changes when a
 * file is deleted) except at the top, which also changes whenever dist/ or node_modules/ is recreated.
 */
function newestMtime(target, top = true) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = top ? 0 : stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (ignored.has(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name), false));
  }
  return newest;
}

function frontEndWorkspaces() {
  const remotesDir = path.join(repoRoot, 'remotes');
  const remotes = fs.existsSync(remotesDir)
    ? fs
        .readdirSync(remotesDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => path.join('remotes', entry.name))
    : [];
  return ['shell', ...remotes].filter((dir) => {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8'));
      return Boolean(pkg.scripts?.build);
    } catch {
      return false;
    }
  });
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of a build, which the gateway (and
 * any static server with precompressed support) sends to browsers that accept them: the shell and a remote are about
 * a megabyte of JavaScript, a fifth of that compressed, and compressing once here costs no CPU per request.
 */
function precompress(dir) {
  const startedAt = Date.now();
  let files = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_COMPRESS_BYTES) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }));
    files++;
  }
  console.log(
    `build: precompressed ${files} files of ${path.relative(repoRoot, dir)} in ${Date.now() - startedAt} ms`,
  );
}

const named = process.argv
  .slice(2)
  .filter((arg) => !arg.startsWith('--'))
  .map((arg) => arg.replace(/\/+$/, ''));
const available = frontEndWorkspaces();
const unknown = named.filter((dir) => !available.includes(dir));
if (unknown.length) {
  console.error(`build: no front end at ${unknown.join(', ')} (there are: ${available.join(', ')})`);
  process.exit(1);
}
const workspaces = named.length ? named : available;
fs.mkdirSync(stampDir, { recursive: true });
let built = 0;
for (const dir of workspaces) {
  const root = path.join(repoRoot, dir);
  const stampFile = path.join(stampDir, `${dir.replace(/[\\/]/g, '-')}.json`);
  const sourcesAt = Math.max(newestMtime(root), ...sharedSources.map(newestMtime));
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    stamp = undefined;
  }
  const fresh = !force && stamp && stamp.sourcesAt >= sourcesAt && fs.existsSync(path.join(root, 'dist'));
  if (fresh) continue;

  console.log(`build: ${dir}`);
  const startedAt = Date.now();
  // The workspace's own build script (rsbuild build), so its flags live in one place.
  const result = spawnSync(npm, ['run', 'build', '--silent', '-w', dir], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  });
  if (result.status !== 0) {
    console.error(`build: ${dir} failed`);
    process.exit(1);
  }
  precompress(path.join(root, 'dist'));
  // Remember the sources as they were before the build: an edit made during it still counts as newer next time.
  fs.writeFileSync(stampFile, JSON.stringify({ sourcesAt, builtAt: new Date().toISOString() }));
  console.log(`build: ${dir} done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  built++;
}
if (!built) console.log(`build: up to date (${workspaces.join(', ') || 'nothing to build'})`);
