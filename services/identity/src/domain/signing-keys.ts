// Access-token signing keys: which key signs, which public keys the JWKS publishes, and rotation.
// Production hands keys in through IDENTITY_SIGNING_KEYS; the embedded default generates one and keeps it in a file.
// A key set identity can neither read nor write stops it with a ConfigError naming the variable (one line, no stack).
// A rotated-out key stays published until every token it signed has expired, so rotation never signs anyone out.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  calculateJwkThumbprint,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
  type JWTHeaderParameters,
} from 'jose';
import { z } from 'zod';
import { ConfigError } from '@act/service-kit';

export type SigningAlgorithm = 'EdDSA' | 'ES256';

/** How long a retired key keeps verifying beyond the access-token lifetime (clock skew between machines). */
const CLOCK_SKEW_MS = 60_000;
const KEY_FILE = 'signing-keys.json';

interface LoadedKey {
  kid: string;
  alg: SigningAlgorithm;
  privateJwk: JWK;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  createdAt: number;
  retiredAt?: number;
}

export interface SigningKey {
  kid: string;
  alg: SigningAlgorithm;
  privateKey: CryptoKey;
}

export interface KeyStore {
  /** The key that signs new access tokens. */
  signingKey(): SigningKey;
  /** Public keys for verifiers: the signing key plus retired keys whose tokens may still be alive. */
  jwks(): { keys: JWK[] };
  /** jose key resolver for verifying our own tokens (GET/PUT user). */
  verificationKey(header: JWTHeaderParameters): Promise<CryptoKey>;
  /** A new key signs from now on; the previous one keeps verifying until its last token has expired. */
  rotate(): Promise<void>;
}

export interface KeyStoreOptions {
  accessTokenTtlSeconds: number;
  now?: () => number;
}

const StoredKeySchema = z.object({
  jwk: z.looseObject({ kty: z.string(), kid: z.string(), alg: z.enum(['EdDSA', 'ES256']), d: z.string() }),
  createdAt: z.iso.datetime(),
  retiredAt: z.iso.datetime().optional(),
});
const KeyFileSchema = z.object({ keys: z.array(StoredKeySchema).min(1) });

const PrivateJwkSchema = z.looseObject({
  kty: z.enum(['OKP', 'EC']),
  crv: z.enum(['Ed25519', 'P-256']),
  d: z.string().min(1),
  x: z.string().min(1),
  kid: z.string().min(1).optional(),
});

function algorithmOf(jwk: JWK): SigningAlgorithm {
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'EdDSA';
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  throw new Error('Signing keys must be Ed25519 (OKP) or P-256 (EC) JWKs');
}

function publicPart(jwk: JWK): JWK {
  const { kty, crv, x, y } = jwk;
  return y === undefined ? { kty, crv, x } : { kty, crv, x, y };
}

async function asCryptoKey(jwk: JWK, alg: SigningAlgorithm): Promise<CryptoKey> {
  const key = await importJWK(jwk, alg);
  if (key instanceof Uint8Array) throw new Error('Signing keys must be asymmetric');
  return key;
}

async function loadKey(privateJwk: JWK, createdAt: number, retiredAt?: number): Promise<LoadedKey> {
  const alg = algorithmOf(privateJwk);
  const kid = privateJwk.kid ?? (await calculateJwkThumbprint(publicPart(privateJwk)));
  const publicJwk: JWK = { ...publicPart(privateJwk), kid, alg, use: 'sig' };
  return {
    kid,
    alg,
    privateJwk: { ...privateJwk, kid, alg },
    privateKey: await asCryptoKey(privateJwk, alg),
    publicKey: await asCryptoKey(publicPart(privateJwk), alg),
    publicJwk,
    createdAt,
    retiredAt,
  };
}

/** A fresh Ed25519 private JWK with its RFC 7638 thumbprint as kid. */
export async function generateSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(publicPart(jwk));
  return { ...jwk, kid, alg: 'EdDSA' };
}

function buildStore(
  initial: LoadedKey[],
  { accessTokenTtlSeconds, now = Date.now }: KeyStoreOptions,
  persist?: (keys: LoadedKey[]) => Promise<void>,
): KeyStore {
  // Newest first: keys[0] signs.
  let keys = initial;
  const stillVerifies = (key: LoadedKey) =>
    key.retiredAt === undefined || key.retiredAt + accessTokenTtlSeconds * 1000 + CLOCK_SKEW_MS > now();

  return {
    signingKey() {
      const current = keys[0]!;
      return { kid: current.kid, alg: current.alg, privateKey: current.privateKey };
    },
    jwks() {
      return { keys: keys.filter(stillVerifies).map((key) => ({ ...key.publicJwk })) };
    },
    async verificationKey(header) {
      const key = keys.find((candidate) => candidate.kid === header.kid && stillVerifies(candidate));
      if (!key || key.alg !== header.alg) throw new joseErrors.JWKSNoMatchingKey();
      return key.publicKey;
    },
    async rotate() {
      if (!persist) {
        throw new Error('Keys from IDENTITY_SIGNING_KEYS are rotated by changing that variable');
      }
      const fresh = await loadKey(await generateSigningJwk(), now());
      const retired = keys.map((key) => (key.retiredAt === undefined ? { ...key, retiredAt: now() } : key));
      keys = [fresh, ...retired.filter(stillVerifies)];
      await persist(keys);
    },
  };
}

/**
 * Production keys: a JSON array of private JWKs. The first signs; the others are published only so tokens they
 * signed keep verifying — remove a key once ACCESS_TOKEN_TTL_SECONDS have passed since it stopped signing.
 */
export async function keyStoreFromEnv(json: string, options: KeyStoreOptions): Promise<KeyStore> {
  const list = parseSigningKeys(json);
  const now = (options.now ?? Date.now)();
  const keys = await Promise.all(
    list.map((jwk) =>
      loadKey(jwk, now).catch((error: unknown) => {
        throw new ConfigError([`IDENTITY_SIGNING_KEYS: ${(error as Error).message}`]);
      }),
    ),
  );
  if (new Set(keys.map((key) => key.kid)).size !== keys.length) {
    throw new ConfigError(['IDENTITY_SIGNING_KEYS: contains two keys with the same kid']);
  }
  return buildStore(keys, options);
}

/** The private JWKs of an IDENTITY_SIGNING_KEYS value, or a ConfigError naming the variable. */
export function parseSigningKeys(json: string): JWK[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ConfigError(['IDENTITY_SIGNING_KEYS: must be a JSON array of private JWKs']);
  }
  const list = z.array(PrivateJwkSchema).min(1).safeParse(parsed);
  if (!list.success) {
    throw new ConfigError(['IDENTITY_SIGNING_KEYS: must be a JSON array of Ed25519 or P-256 private JWKs']);
  }
  return list.data as JWK[];
}

export interface FileKeyStoreOptions extends KeyStoreOptions {
  dir: string;
  /** Replace the signing key at start when it is older than this many days (0 = never). */
  rotationDays: number;
}

/** Embedded default: keys live in `<dir>/signing-keys.json` (mode 600), generated on first start. */
export async function keyStoreFromFile({
  dir,
  rotationDays,
  ...options
}: FileKeyStoreOptions): Promise<KeyStore> {
  const file = path.join(dir, KEY_FILE);
  const persist = async (keys: LoadedKey[]) => {
    await writeKeyFile(dir, file, keys).catch((error: unknown) => {
      throw new ConfigError([
        `IDENTITY_KEYS_DIR: cannot write the signing keys to ${dir} (${reasonOf(error)}); give it a folder this ` +
          'user can write (a volume), or set IDENTITY_SIGNING_KEYS to keys made once for every replica',
      ]);
    });
  };

  let stored: z.infer<typeof KeyFileSchema> | undefined;
  try {
    stored = KeyFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError([
        `IDENTITY_KEYS_DIR: the signing key file ${file} is unreadable (${reasonOf(error)}); fix or remove it, ` +
          'or set IDENTITY_SIGNING_KEYS',
      ]);
    }
  }

  const now = options.now ?? Date.now;
  if (!stored) {
    const keys = [await loadKey(await generateSigningJwk(), now())];
    await persist(keys);
    return buildStore(keys, options, persist);
  }
  const keys = await Promise.all(
    stored.keys.map((entry) =>
      loadKey(
        entry.jwk as JWK,
        Date.parse(entry.createdAt),
        entry.retiredAt === undefined ? undefined : Date.parse(entry.retiredAt),
      ),
    ),
  );
  const store = buildStore(keys, options, persist);
  const current = keys[0]!;
  if (rotationDays > 0 && now() - current.createdAt > rotationDays * 24 * 3600 * 1000) await store.rotate();
  return store;
}

async function writeKeyFile(dir: string, file: string, keys: LoadedKey[]): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const content = {
    keys: keys.map((key) => ({
      jwk: key.privateJwk,
      createdAt: new Date(key.createdAt).toISOString(),
      ...(key.retiredAt === undefined ? {} : { retiredAt: new Date(key.retiredAt).toISOString() }),
    })),
  };
  // Write-then-rename so a crash never leaves a half-written key file behind.
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}

/** What went wrong, in one short phrase: the system's error code for file errors, else the first line of the message. */
function reasonOf(error: unknown): string {
  if (error instanceof z.ZodError) return 'not a key file this service wrote';
  const { code, message } = error as NodeJS.ErrnoException;
  // Node's file errors read `EACCES: permission denied, open '<path>'`; the path is already in the message.
  if (code) return message.split(',')[0]!;
  return message.split('\n')[0]!;
}
