// Decides, per component, between what the environment points at and an embedded server: env URLs win when they
// answer; otherwise the embedded default starts under the data folder. Logs one line per component.
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import postgres from 'postgres';
import { redactUrl, startEmbeddedPostgres } from './embedded-postgres';
import type { NatsUser } from './nats-auth';
import { startNats } from './nats-server';
import { DEFAULT_S3_BUCKET, startS3 } from './s3-server';
import { supervise, type Incarnation } from './supervisor';
import type { S3Env } from './s3-server';

export interface ResolveInfraOptions {
  /** Parent folder of the embedded servers' data: `<dataDir>/postgres`, `<dataDir>/nats`, `<dataDir>/s3`. */
  dataDir: string;
  need: { postgres?: boolean; nats?: boolean; s3?: boolean };
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** Overrides of the per-component folders (e.g. a throw-away NATS store for a test run). */
  dirs?: { postgres?: string; nats?: string; s3?: string };
  postgresDurability?: 'full' | 'relaxed';
  /** Users the embedded NATS is started with (one per service); a NATS from the environment keeps its own. */
  natsUsers?: readonly NatsUser[];
  /**
   * Restart an embedded PostgreSQL or nats-server that dies (same port and data, with back-off, logged), as `npm start`
   * wants; tests leave it off.
   */
  supervise?: boolean;
}

export type InfraSource = 'env' | 'embedded';

export interface ResolvedInfra {
  /** Admin URL of the PostgreSQL server (services get their own database on it). */
  databaseUrl?: string;
  natsUrl?: string;
  /** The users of the embedded NATS, whose credentials each service must connect with; unset for env NATS. */
  natsUsers?: readonly NatsUser[];
  s3?: S3Env;
  sources: { postgres?: InfraSource; nats?: InfraSource; s3?: InfraSource };
  /** Stops the embedded servers this call started, last started first. */
  stop(): Promise<void>;
}

export async function resolveInfra(options: ResolveInfraOptions): Promise<ResolvedInfra> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => console.log(line));
  const dirFor = (name: 'postgres' | 'nats' | 's3') =>
    options.dirs?.[name] ?? path.join(options.dataDir, name);
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.splice(0).reverse()) await fn();
  };
  const result: ResolvedInfra = { sources: {}, stop };
  /** Registers how to stop an embedded server; under supervision, one that dies is started again first. */
  const keep = async <T extends Incarnation>(name: string, first: T, restart: () => Promise<T>) => {
    if (!options.supervise) {
      stops.push(first.stop);
      return;
    }
    let initial: T | undefined = first;
    const supervision = supervise(
      name,
      async () => {
        const next = initial ?? (await restart());
        initial = undefined;
        return next;
      },
      { log },
    );
    stops.push(() => supervision.stop());
    await supervision.started;
  };

  try {
    if (options.need.postgres) {
      const fromEnv = env.DATABASE_URL;
      if (fromEnv && (await postgresAnswers(fromEnv))) {
        result.databaseUrl = fromEnv;
        result.sources.postgres = 'env';
        log(`postgres: using DATABASE_URL ${redactUrl(fromEnv)}`);
      } else {
        if (fromEnv)
          log(`postgres: DATABASE_URL ${redactUrl(fromEnv)} does not answer; starting the embedded one`);
        const startPostgres = () =>
          startEmbeddedPostgres({ dataDir: dirFor('postgres'), durability: options.postgresDurability });
        const server = await startPostgres();
        // The port is kept in the data folder, so a restarted server answers at the same URL.
        await keep('postgres', server, startPostgres);
        result.databaseUrl = server.url;
        result.sources.postgres = 'embedded';
        log(`postgres: embedded PostgreSQL at ${redactUrl(server.url)} (data ${relative(server.dataDir)})`);
      }
    }

    if (options.need.nats) {
      const fromEnv = env.NATS_URL;
      if (fromEnv && (await natsAnswers(fromEnv))) {
        result.natsUrl = fromEnv;
        result.sources.nats = 'env';
        log(`nats: using NATS_URL ${fromEnv}`);
      } else {
        if (fromEnv)
          log(`nats: NATS_URL ${fromEnv} does not answer with JetStream; starting a local nats-server`);
        const startLocalNats = (port?: number) =>
          startNats({ dataDir: dirFor('nats'), users: options.natsUsers, port });
        const server = await startLocalNats();
        // Same port again, so the services' NATS clients reconnect on their own.
        await keep('nats-server', server, () => startLocalNats(server.port));
        result.natsUrl = server.url;
        result.natsUsers = options.natsUsers;
        result.sources.nats = 'embedded';
        const users = options.natsUsers?.length
          ? `, users ${options.natsUsers.map((u) => u.user).join(', ')}`
          : '';
        log(
          `nats: local nats-server with JetStream at ${server.url}${users} (data ${relative(dirFor('nats'))})`,
        );
      }
    }

    if (options.need.s3) {
      const fromEnv = s3FromEnv(env);
      if (fromEnv && (!fromEnv.S3_ENDPOINT || (await httpAnswers(fromEnv.S3_ENDPOINT)))) {
        result.s3 = fromEnv;
        result.sources.s3 = 'env';
        log(`s3: using bucket ${fromEnv.S3_BUCKET} at ${fromEnv.S3_ENDPOINT || 'AWS'}`);
      } else {
        if (fromEnv) log(`s3: S3_ENDPOINT ${fromEnv.S3_ENDPOINT} does not answer; starting the local one`);
        const server = await startS3({ dataDir: dirFor('s3'), bucket: env.S3_BUCKET || DEFAULT_S3_BUCKET });
        stops.push(server.stop);
        result.s3 = server.env;
        result.sources.s3 = 'embedded';
        log(
          `s3: local s3rver at ${server.url}, bucket ${server.env.S3_BUCKET} (data ${relative(dirFor('s3'))})`,
        );
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return result;
}

/** S3 settings are taken from the environment as soon as a bucket is named. */
function s3FromEnv(env: NodeJS.ProcessEnv): S3Env | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    S3_ENDPOINT: env.S3_ENDPOINT ?? '',
    S3_REGION: env.S3_REGION || 'us-east-1',
    S3_BUCKET: env.S3_BUCKET,
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID ?? '',
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY ?? '',
    S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? (env.S3_ENDPOINT ? 'true' : 'false'),
  };
}

export async function postgresAnswers(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => undefined });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => undefined);
  }
}

/** True when the server accepts a connection and JetStream is enabled on it. */
export async function natsAnswers(url: string): Promise<boolean> {
  try {
    const nc = await connect({
      servers: url.split(','),
      timeout: 3000,
      reconnect: false,
      maxReconnectAttempts: 0,
    });
    try {
      await jetstreamManager(nc, { timeout: 3000 });
      return true;
    } finally {
      await nc.close();
    }
  } catch {
    return false;
  }
}

async function httpAnswers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

function relative(dir: string): string {
  const rel = path.relative(process.cwd(), dir);
  return rel && !rel.startsWith('..') ? rel : dir;
}
