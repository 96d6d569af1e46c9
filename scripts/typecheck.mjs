// `npm run typecheck`: every workspace with a tsconfig.json (plus scripts/), checked as one TypeScript program per
// distinct set of compiler options instead of one `tsc -p` per workspace. Per workspace, each program re-checked
// contracts, service-kit and host-sdk from source (13 programs: 47 s on two cores); grouped, the server code is one
// program and the browser code (DOM lib, JSX) another, so shared packages are checked once per environment and a
// new workspace adds only its own files. Server code never gets the DOM lib: a group only merges workspaces whose own
// compiler options are identical. Prints each group's errors and fails if any group fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
const outDir = path.join(repoRoot, '.data', 'typecheck');
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

/** A workspace tsconfig: it must extend the base config and may set compiler options and `include` only. */
function readProject(dir) {
  const config = JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'tsconfig.json'), 'utf8'));
  const extra = Object.keys(config).filter((key) => !['extends', 'compilerOptions', 'include'].includes(key));
  if (
    path.resolve(repoRoot, dir, config.extends ?? '') !== path.join(repoRoot, 'tsconfig.base.json') ||
    extra.length
  )
    throw new Error(
      `${dir}/tsconfig.json: only "extends" (the base), "compilerOptions" and "include" are supported`,
    );
  return {
    dir,
    options: config.compilerOptions ?? {},
    // Absolute, so the generated config can live anywhere.
    include: (config.include ?? ['**/*']).map((pattern) => path.join(repoRoot, dir, pattern)),
  };
}

/** Workspaces with the same compiler options form one program, written as a tsconfig under .data/typecheck/. */
function programs() {
  const groups = new Map();
  for (const project of projects().map(readProject)) {
    const key = JSON.stringify(project.options, Object.keys(project.options).sort());
    if (!groups.has(key)) groups.set(key, { options: project.options, dirs: [], include: [] });
    const group = groups.get(key);
    group.dirs.push(project.dir);
    group.include.push(...project.include);
  }
  fs.mkdirSync(outDir, { recursive: true });
  return [...groups.values()].map((group, index) => {
    const file = path.join(outDir, `tsconfig.${index}.json`);
    const config = {
      extends: path.join(repoRoot, 'tsconfig.base.json'),
      compilerOptions: group.options,
      include: group.include,
      exclude: ['**/node_modules', '**/dist'],
    };
    fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
    return { file, dirs: group.dirs };
  });
}

function check({ file, dirs }) {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', file], { cwd: repoRoot });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
      console.log(`typecheck: ${dirs.join(', ')} ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = programs();
const results = [];
await Promise.all(
  Array.from({ length: Math.max(1, parallel) }, async () => {
    for (let program = queue.shift(); program; program = queue.shift()) results.push(await check(program));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
