// The library section of `npm run bench` (docs/performance.md#library-page): /library in Chromium with 10,000 items
// (library-bench.ts) judged by library-verdict.ts. Without Chromium or the shell's build it says why on a SKIP line.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot, type RunningSystem } from '../e2e/support/system';
import { benchLibrary, libraryBenchMissing } from './library-bench';
import type { Section } from './bench-run';
import { libraryTargets } from './library-verdict';

export const LIBRARY_SECTION = 'library (10,000 items)';

/**
 * `BENCH_ONLY=library` builds the shell alone (`npm run build` rebuilds it only when stale; the remotes are not
 * needed). A failed build is reported and the section then skips: the run goes on.
 */
export function buildShellForLibrary(): void {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'build.mjs'), 'shell'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) console.log('building the shell failed: the library section uses what is built');
}

export async function benchLibrarySection(system: RunningSystem): Promise<Section> {
  const missing = libraryBenchMissing(system);
  if (missing) throw new Error(missing);
  const result = await benchLibrary(system);
  return {
    name: LIBRARY_SECTION,
    runs: [],
    figures: {
      lcpMs: result.lcpMs,
      lcpRunsMs: result.lcpRunsMs.join(' '),
      lcpElement: result.lcpElement,
      emptyLcpMs: result.emptyLcpMs,
      emptyLcpRunsMs: result.emptyLcpRunsMs.join(' '),
      emptyLcpElement: result.emptyLcpElement,
      domNodesAtEnd: result.domNodes,
      cardsAtEnd: result.cards,
      maxCardsWhileScrolling: result.maxCards,
      scrollToEndSeconds: result.scrollSeconds,
      smallLibraryDomNodesAtEnd: result.smallDomNodes,
      smallLibraryCardsAtEnd: result.smallCards,
      firstPageApiMs: result.firstPageApiMs,
      firstPageIndexes: result.firstPageIndexes.join(', '),
    },
    targets: libraryTargets(result),
  };
}
