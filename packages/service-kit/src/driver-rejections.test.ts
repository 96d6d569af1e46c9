// A service process lives through a connection error the database driver drops (postgres.js loses some promises of
// its own when PostgreSQL dies: porsager/postgres#1192, #1223) and says so in a warning; any other unhandled
// rejection still ends it with exit code 1, as Node's default does.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./driver-rejections.fixture.ts', import.meta.url));

function runFixture(kind: 'driver' | 'other') {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', fixture, kind],
      { timeout: 30_000, env: { PATH: process.env.PATH ?? '' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('an unhandled rejection in a service process', () => {
  it("lives through the driver's dropped connection error, with a warning", async () => {
    const { code, stdout } = await runFixture('driver');
    expect(code).toBe(0);
    expect(stdout).toContain('alive');
    expect(stdout).toContain('the database driver dropped a failed query of its own');
    expect(stdout).toContain('CONNECTION_CLOSED');
  });

  it('ends the process on any other', async () => {
    const { code, stdout, stderr } = await runFixture('other');
    expect(code).toBe(1);
    expect(stdout).not.toContain('alive');
    expect(stderr).toContain('a defect of our own');
  });
});
