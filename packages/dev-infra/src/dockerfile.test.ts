// Static check of the root Dockerfile's server images (no Docker engine here): the service and gateway targets run
// the compiled `node dist/main.js` as the unprivileged `node` user from a clean Node image holding only what the
// server-deps (one workspace's production dependencies) and server-build (its dist/) stages produce, never the
// build tree with tsx; and every server workspace has the build those stages run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GATEWAY_SERVICES } from '@act/contracts/server';
import { NATIVE_MEMORY_ENV } from './child';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Stage {
  from: string;
  name: string;
  instructions: string[];
}

/** The Dockerfile's stages, each with its instructions (continuation lines joined, comments dropped). */
function stages(): Stage[] {
  const text = fs
    .readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  const result: Stage[] = [];
  for (const line of text.split('\n').map((entry) => entry.trim())) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) result.push({ from: from[1]!, name: from[2] ?? '', instructions: [] });
    else if (line && result.length) result.at(-1)!.instructions.push(line);
  }
  return result;
}

describe('Dockerfile server images', () => {
  const all = stages();
  for (const target of ['service', 'gateway']) {
    it(`${target}: runs node dist/main.js as the node user, with one workspace's production files only`, () => {
      const stage = all.find(({ name }) => name === target);
      expect(stage).toBeDefined();
      // A fresh Node image, not the build tree (whose node_modules holds tsx, esbuild and every dev dependency).
      expect(stage!.from).toBe('${NODE_IMAGE}');
      const copiedFrom = stage!.instructions
        .filter((line) => line.startsWith('COPY'))
        .map((line) => /--from=(\S+)/.exec(line)?.[1]);
      expect(copiedFrom.slice(0, 2)).toEqual(['server-deps', 'server-build']);
      expect(
        copiedFrom.filter((from) => !['server-deps', 'server-build', 'frontend'].includes(from!)),
      ).toEqual([]);
      expect(stage!.instructions).toContain('USER node');
      const cmd = stage!.instructions.find((line) => line.startsWith('CMD'));
      expect(JSON.parse(cmd!.slice(3))).toEqual(['node', '--enable-source-maps', 'dist/main.js']);
      expect(stage!.instructions.join('\n')).not.toMatch(/tsx/);
    });
  }

  it("runs the services with the allocator settings npm start and the bench give them (a drift would leave the images' native memory unreturned)", () => {
    const service = all.find(({ name }) => name === 'service')!;
    const env = service.instructions
      .filter((line) => line.startsWith('ENV '))
      .flatMap((line) => line.slice(4).trim().split(/\s+/));
    for (const [name, value] of Object.entries(NATIVE_MEMORY_ENV)) expect(env).toContain(`${name}=${value}`);
  });

  it('installs production dependencies of the one workspace built', () => {
    const deps = all.find(({ name }) => name === 'server-deps')!;
    expect(deps.instructions.join('\n')).toMatch(
      /npm ci --omit=dev --workspace "\$\{ws\}" --include-workspace-root=false/,
    );
  });

  it('gives every routed service and the gateway the build the image runs', () => {
    const workspaces = [...GATEWAY_SERVICES.map(({ service }) => `services/${service}`), 'gateway'];
    for (const workspace of workspaces) {
      const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, workspace, 'package.json'), 'utf8')) as {
        scripts?: Record<string, string>;
      };
      expect(pkg.scripts?.build, workspace).toMatch(/^node (\.\.\/)+scripts\/build-service\.mjs\b/);
    }
  });
});
