// Preloaded into the benchmark's server processes (NODE_OPTIONS="--expose-gc --import <this file>", with
// MEMORY_PROBE_DIR set): on SIGUSR2 a full garbage collection, then the memory still in use written to
// <MEMORY_PROBE_DIR>/<pid>.json. Resident memory alone also counts garbage and the young generation V8 grows under
// load, which can make one open stream look ten times its size. Nothing here runs outside the benchmark.
// The same file carries the process's event-loop delay since the previous probe (perf_hooks'
// monitorEventLoopDelay, in ms: p50, p99, max), read before the collection and restarted after it, so two probes
// bracket a measured window (the stream-scale bench).
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Session } from 'node:inspector';
import { writeHeapSnapshot } from 'node:v8';

const dir = process.env.MEMORY_PROBE_DIR;
const collect = globalThis.gc;
if (dir && typeof collect === 'function') {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => Math.round((ns / 1e6) * 100) / 100;
    const eventLoopDelay = {
      p50Ms: ms(delay.percentile(50)),
      p99Ms: ms(delay.percentile(99)),
      maxMs: ms(delay.max),
    };
    collect();
    delay.reset();
    // MEMORY_PROBE_HEAPSNAPSHOT=1: each probe also leaves a heap snapshot beside it, to compare with heap-diff.ts.
    if (process.env.MEMORY_PROBE_HEAPSNAPSHOT === '1') {
      writeHeapSnapshot(path.join(dir, `${process.pid}-${Date.now()}.heapsnapshot`));
    }
    const file = path.join(dir, `${process.pid}.json`);
    // Written aside and renamed, so the reader never sees half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify({ ...process.memoryUsage(), eventLoopDelay }));
    renameSync(`${file}.tmp`, file);
  });
}

// MEMORY_PROBE_CPU_PROFILE=1 (a diagnosis, not a bench run): the process's whole life profiled, written on exit to
// <MEMORY_PROBE_DIR>/<workspace>-<pid>.cpuprofile for load-tests/profile-summary.ts. `--cpu-prof` itself is refused in
// NODE_OPTIONS, and the whole-system sections start every service with these options.
if (dir && process.env.MEMORY_PROBE_CPU_PROFILE === '1') {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  // The bundle's path names its workspace: <workspace>/.bench-dist/main.js.
  const workspace = path.basename(path.dirname(path.dirname(process.argv[1] ?? 'unknown/x/y')));
  process.on('exit', () => {
    // An in-thread session answers synchronously: the profile is written before the process goes.
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        writeFileSync(
          path.join(dir, `${workspace}-${process.pid}.cpuprofile`),
          JSON.stringify(result.profile),
        );
    });
  });
}
