// `npm run typecheck`: `tsc --noEmit -p <dir>` for every workspace with a tsconfig.json (plus scripts/), two at a
// time (this machine class has two cores). Prints each project's errors together and fails if any project fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
const parallel = Number(process.env.TYPECHECK_PARALLEL ?? 2);

/** Workspace folders from the root package.json (`dir` and `dir/*` patterns), then the repo's own scripts. */
function projects() {
  const { workspaces = [] } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const dirs = workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    const full = path.join(repoRoot, parent);
    if (!fs.existsSync(full)) return [];
    return fs
      .readdirSync(full, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`)
      .sort();
  });
  return [...dirs, 'scripts'].filter((dir) => fs.existsSync(path.join(repoRoot, dir, 'tsconfig.json')));
}

function check(dir) {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', dir], { cwd: repoRoot });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
      console.log(`typecheck: ${dir} ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = projects();
const results = [];
await Promise.all(
  Array.from({ length: Math.max(1, parallel) }, async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) results.push(await check(dir));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
