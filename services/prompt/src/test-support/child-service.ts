// Starts a service's real main.ts as a child process (tsx), waits for its 'listening' log line and stops it with
// SIGTERM, as a deployment would. Used for credits in the prompt tests and for the prompt service's own start-up test.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const START_TIMEOUT_MS = 45_000;

export interface ChildService {
  url: string;
  /** The ops listener (/healthz, /readyz, /metrics). */
  opsUrl: string;
  /** Everything the process wrote so far (for failure messages). */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export async function startChildService(script: string, env: Record<string, string>): Promise<ChildService> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const { url, opsUrl } = await new Promise<{ url: string; opsUrl: string }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start in time:\n${chunks.join('')}`)),
      START_TIMEOUT_MS,
    );
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      chunks.push(text);
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        try {
          const entry = JSON.parse(line) as { msg?: string; url?: string; opsUrl?: string };
          if (entry.msg === 'listening' && entry.url && entry.opsUrl) {
            clearTimeout(timer);
            resolve({ url: entry.url, opsUrl: entry.opsUrl });
          }
        } catch {
          // Not a JSON log line.
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with code ${code}:\n${chunks.join('')}`));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });

  return {
    url,
    opsUrl,
    output: () => chunks.join(''),
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
