// Throw-away data folders for this package's tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh folder under the system temp dir (world-traversable, so the postgres user can reach it as root). */
export function makeTempDir(prefix: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `act-${prefix}-`));
  fs.chmodSync(dir, 0o755);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
