// The landing page paints from the inlined public data (public-data.ts): a module it loads that imports
// @act/contracts or the root of @act/host-sdk makes Module Federation download those shared singletons, and zod with
// them, before the first paint (about 60 KB gzip more; the bench's initial-JS target is 170 KB). This walks the
// static imports from the entry, skipping type-only imports and lazy import() calls, as the bundler does.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STATIC_IMPORT = /^import\s+(?!type\b)(?:[^;]*?\s+from\s+)?'([^']+)'/gm;
/** Allowed on the landing: leaf modules of host-sdk that pull in no shared singleton. */
const ALLOWED = /^@act\/host-sdk\/(styles\.css|button-classes|tool-icon)$/;

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return ['', '.tsx', '.ts', '/index.ts', '/index.tsx']
    .map((ext) => base + ext)
    .find((file) => existsSync(file) && statSync(file).isFile());
}

function actImports(entry: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (spec!.startsWith('@act/')) {
        if (!ALLOWED.test(spec!)) found.push(`${path.relative(SRC, file)} imports ${spec}`);
      } else if (spec!.startsWith('.') && !spec!.endsWith('.css')) {
        const next = resolve(file, spec!);
        if (next) walk(next);
      }
    }
  };
  walk(entry);
  return found;
}

describe('the landing page bundle', () => {
  it('imports neither contracts nor the host SDK before its first paint', () => {
    expect(actImports(path.join(SRC, 'bootstrap.tsx'))).toEqual([]);
  });
});
