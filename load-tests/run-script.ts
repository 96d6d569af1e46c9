// The bench's own tests run a few lines of TypeScript as a bench would (tsx, from the repository root), to kill it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `lines` as an ES module under tsx from the repository root; its stdout piped, stderr inherited. */
export function runScript(lines: readonly string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', lines.join('\n')], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}
