// `npm start`: plain Node (it runs before dependencies exist, so on the machine's own Node the first time). Installs
// when the lockfile changed, builds the front end when its sources changed, then hands over to scripts/launch.ts and
// relays Ctrl+C / SIGTERM to it. The build and the launcher run on the repository's Node 24 (scripts/repo-node.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childNode, repoEnv } from './repo-node.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function fail(message) {
  console.error(`start: ${message}`);
  process.exit(1);
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: repoEnv(repoRoot) });
  if (result.error) fail(`${command} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0)
    fail(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

// Old enough to run npm install with, which brings the repository's own Node.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19))
  fail(`Node ${process.versions.node} is too old to install with: use Node 20.19 or newer`);

// npm records the installed tree in node_modules/.package-lock.json: older than the lockfile means out of date.
const installedMarker = path.join(repoRoot, 'node_modules', '.package-lock.json');
const installedAt = mtime(installedMarker);
const lockedAt = mtime(path.join(repoRoot, 'package-lock.json'));
if (installedAt === undefined || (lockedAt !== undefined && lockedAt > installedAt)) {
  console.log(
    installedAt === undefined
      ? 'start: installing dependencies…'
      : 'start: package-lock.json changed, installing…',
  );
  run(npm, ['install', '--no-fund', '--no-audit']);
  // npm leaves the marker untouched when nothing changed; touch it so the next start does not install again.
  if (fs.existsSync(installedMarker)) {
    const now = new Date();
    fs.utimesSync(installedMarker, now, now);
  }
}

let node;
try {
  node = childNode(repoRoot);
} catch (error) {
  fail(error.message);
}

// `npm start -- --no-build` serves whatever is built already (handy when working on services only).
if (!process.argv.includes('--no-build')) run(node, [path.join(repoRoot, 'scripts', 'build.mjs')]);

// Its own process group: a terminal Ctrl+C reaches only us, and we stop the system in order through the launcher.
const launcher = spawn(node, ['--import', 'tsx', path.join(repoRoot, 'scripts', 'launch.ts')], {
  cwd: repoRoot,
  env: repoEnv(repoRoot),
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  detached: true,
});

let forwarded = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // npm and the terminal may both deliver the same Ctrl+C: pass it on once.
    if (forwarded) return;
    forwarded = true;
    launcher.kill(signal);
  });
}
launcher.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
