// A CPU profile of a bundle (the bench servers run compiled, load-tests/bench-kit.ts) names places in the bundle:
// one file for our code, the workspace packages and whatever npm code esbuild inlined. V8 does not apply source maps
// to a profile (--enable-source-maps is for stack traces), so each call frame is pointed back here at its source
// through the bundle's linked map (`<bundle>.js.map`), and profile-summary.ts groups by package and file as it would
// for the sources.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber?: number;
}

/** The source map beside a script URL (`file:///…/x.js` → x.js.map), when there is one. */
function mapBeside(url: string): { map: SourceMap; dir: string } | undefined {
  if (!url.startsWith('file://')) return undefined;
  const file = fileURLToPath(url);
  if (!existsSync(`${file}.map`)) return undefined;
  const payload = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload;
  return { map: new SourceMap(payload), dir: path.dirname(file) };
}

/** Rewrites, in place, every call frame of a bundle with a map to its source file, line and column. */
export function mapProfileToSources<P extends { nodes: Array<{ callFrame: CallFrame }> }>(profile: P): P {
  const maps = new Map<string, ReturnType<typeof mapBeside>>();
  for (const { callFrame } of profile.nodes) {
    if (!maps.has(callFrame.url)) maps.set(callFrame.url, mapBeside(callFrame.url));
    const found = maps.get(callFrame.url);
    if (!found || callFrame.lineNumber < 0) continue;
    const entry = found.map.findEntry(callFrame.lineNumber, callFrame.columnNumber ?? 0) as Partial<{
      originalSource: string;
      originalLine: number;
      originalColumn: number;
    }>;
    if (entry.originalSource === undefined || entry.originalLine === undefined) continue;
    callFrame.url = /^[a-z]+:/.test(entry.originalSource)
      ? entry.originalSource
      : pathToFileURL(path.resolve(found.dir, entry.originalSource)).href;
    callFrame.lineNumber = entry.originalLine;
    callFrame.columnNumber = entry.originalColumn ?? 0;
  }
  return profile;
}
