// Preloaded into the benchmark's server processes (NODE_OPTIONS="--expose-gc --import <this file>", with
// MEMORY_PROBE_DIR set): on SIGUSR2 a full garbage collection, then the memory still in use written to
// <MEMORY_PROBE_DIR>/<pid>.json. Resident memory alone also counts garbage and the young generation V8 grows under
// load, which can make one open stream look ten times its size. Nothing here runs outside the benchmark.
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.MEMORY_PROBE_DIR;
const collect = globalThis.gc;
if (dir && typeof collect === 'function') {
  process.on('SIGUSR2', () => {
    collect();
    const file = path.join(dir, `${process.pid}.json`);
    // Written aside and renamed, so the reader never sees half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()));
    renameSync(`${file}.tmp`, file);
  });
}
