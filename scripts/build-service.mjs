// `npm run build -w services/<name>` (or `-w gateway`): compiles a server workspace into dist/ as plain JavaScript,
// what its production image runs with `node dist/main.js` (no transpiler at run time).
//   node ../../scripts/build-service.mjs [entry.ts …] [--outdir <dir>]   (run from the workspace; default src/main.ts)
// Each entry becomes dist/<name>.js (ESM, Node 24): the workspace's own code and the @act/* packages (they export
// TypeScript source) are bundled; npm packages stay imports, loaded at run time from the workspace's production
// node_modules (native and WebAssembly packages such as sharp, espeak-ng or unpdf keep their files there).
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workspaceDir = process.cwd();
const workspace = path.relative(repoRoot, workspaceDir);
const ASSETS = 'assets';

const args = process.argv.slice(2);
const outdirAt = args.indexOf('--outdir');
const outdir = path.resolve(workspaceDir, outdirAt === -1 ? 'dist' : args[outdirAt + 1]);
const entries = args.filter(
  (arg, index) => !arg.startsWith('--') && (outdirAt === -1 || index !== outdirAt + 1),
);
if (!entries.length) entries.push('src/main.ts');

if (!fs.existsSync(path.join(workspaceDir, 'package.json')) || workspace.startsWith('..')) {
  console.error(`build-service: run it from a workspace of this repository (not ${workspaceDir})`);
  process.exit(1);
}
// The output resolves its npm imports from where it sits: it must stay inside the workspace.
if (path.relative(workspaceDir, outdir).startsWith('..')) {
  console.error(`build-service: --outdir must be inside ${workspace}`);
  process.exit(1);
}

const builtins = new Set(builtinModules);
const isBuiltin = (specifier) => specifier.startsWith('node:') || builtins.has(specifier.split('/')[0]);

const packageNameOf = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
/** Names of the packages patches/ holds a patch for (`<name>+<version>.patch`, a scope written `@scope+name`). */
const patchesDir = path.join(repoRoot, 'patches');
const patchedPackages = new Set(
  (fs.existsSync(patchesDir) ? fs.readdirSync(patchesDir) : [])
    .filter((file) => file.endsWith('.patch'))
    .map((file) => file.slice(0, -'.patch'.length).split('+').slice(0, -1).join('/')),
);

/**
 * npm packages stay imports when the bundle, run from the workspace, finds the same file the source found: the
 * lockfile places a package the same way in the image's production install as here. One that resolves elsewhere
 * from the workspace (a version nested under a shared package, such as service-kit's koa 3 while the root holds an
 * older koa) is bundled, so the compiled code runs exactly the modules the source ran.
 */
const productionDependencies = {
  name: 'production-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.probing || path.isAbsolute(args.path)) return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      // Workspace packages export TypeScript source: bundled.
      if (args.path.startsWith('@act/')) return undefined;
      // A package we patch (patches/, applied by patch-package after `npm ci`) is bundled from the patched tree: the
      // image's production install is a second, unpatched copy.
      if (patchedPackages.has(packageNameOf(args.path))) return undefined;
      const probe = (resolveDir) =>
        build.resolve(args.path, { kind: args.kind, resolveDir, pluginData: { probing: true } });
      const fromSource = await probe(args.resolveDir);
      if (fromSource.errors.length) return { errors: fromSource.errors };
      const fromWorkspace = await probe(workspaceDir);
      if (!fromWorkspace.errors.length && fromWorkspace.path === fromSource.path)
        return { path: args.path, external: true };
      return undefined;
    });
  },
};

/**
 * Files found next to a module at run time (`new URL('./migrations/', import.meta.url)`: SQL migrations of a service
 * and of the service kit) are copied to dist/assets/<their path in the repository>/ and the URL pointed there, so
 * they are found beside the compiled entry.
 */
const ASSET_URL = /new URL\(\s*(['"])(\.{1,2}\/[^'"]*)\1\s*,\s*import\.meta\.url\s*\)/g;
const copiedAssets = new Set();
const besideModuleFiles = {
  name: 'beside-module-files',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const errors = [];
      const contents = source.replace(ASSET_URL, (match, quote, relative) => {
        const target = path.resolve(path.dirname(args.path), relative);
        if (!fs.existsSync(target)) {
          errors.push({ text: `${relative} (from ${path.relative(repoRoot, args.path)}) does not exist` });
          return match;
        }
        const inRepo = path.relative(repoRoot, target);
        if (!copiedAssets.has(inRepo)) {
          fs.cpSync(target, path.join(outdir, ASSETS, inRepo), { recursive: true });
          copiedAssets.add(inRepo);
        }
        const url = `./${ASSETS}/${inRepo.split(path.sep).join('/')}${relative.endsWith('/') ? '/' : ''}`;
        return `new URL(${JSON.stringify(url)}, import.meta.url)`;
      });
      if (errors.length) return { errors };
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

const startedAt = Date.now();
fs.rmSync(outdir, { recursive: true, force: true });
const result = await esbuild
  .build({
    absWorkingDir: workspaceDir,
    entryPoints: entries.map((entry) => path.resolve(workspaceDir, entry)),
    outdir,
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // Bundled CommonJS (a nested package) may require() Node's modules or external packages: give ESM a require.
    banner: {
      js: "import { createRequire as __actCreateRequire } from 'node:module'; const require = __actCreateRequire(import.meta.url);",
    },
    plugins: [productionDependencies, besideModuleFiles],
  })
  .catch(() => process.exit(1));

const external = new Set();
for (const output of Object.values(result.metafile.outputs))
  for (const { path: specifier, external: isExternal } of output.imports)
    if (isExternal && !isBuiltin(specifier)) external.add(packageNameOf(specifier));
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(
  `build-service: ${workspace} -> ${path.relative(workspaceDir, outdir)}/ (${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}, ${(bytes / 1024).toFixed(0)} KiB of JavaScript, ${copiedAssets.size} asset folders) in ${Date.now() - startedAt} ms; imports at run time: ${[...external].sort().join(', ')}`,
);
