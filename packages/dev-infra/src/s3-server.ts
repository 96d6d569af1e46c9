// Local S3-compatible object storage for `npm start` and tests: s3rver in this process, files under the data
// folder, one bucket created. Clients must use path-style URLs and, with the AWS SDK v3,
// `requestChecksumCalculation: 'WHEN_REQUIRED'` (s3rver stores streamed bodies with the SDK's checksum framing
// otherwise, i.e. corrupted).
import fs from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';
import { findFreePort, isPortFree } from './net';
import { claimDataDir } from './processes';

/** The S3_* variables every service reads. */
export interface S3Env {
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_FORCE_PATH_STYLE: string;
}

export interface S3ServerOptions {
  /** Holds the objects (`buckets/`) and the port used last time (`embedded.json`). */
  dataDir: string;
  bucket?: string;
  port?: number;
}

export interface S3ServerHandle {
  url: string;
  env: S3Env;
  stop(): Promise<void>;
}

export const DEFAULT_S3_BUCKET = 'act-local';
// s3rver accepts exactly this built-in key pair.
const S3RVER_KEY = 'S3RVER';

export async function startS3(options: S3ServerOptions): Promise<S3ServerHandle> {
  const dataDir = path.resolve(options.dataDir);
  const release = claimDataDir(dataDir);
  try {
    const bucket = options.bucket ?? DEFAULT_S3_BUCKET;
    const settingsFile = path.join(dataDir, 'embedded.json');
    // Keep the port across restarts: object URLs handed out earlier keep working.
    const storedPort = readStoredPort(settingsFile) ?? options.port;
    const port = storedPort && (await isPortFree(storedPort)) ? storedPort : await findFreePort();
    fs.writeFileSync(settingsFile, JSON.stringify({ port }, null, 2));

    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory: path.join(dataDir, 'buckets'),
      vhostBuckets: false,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    await server.run();

    const url = `http://127.0.0.1:${port}`;
    let stopped = false;
    return {
      url,
      env: {
        S3_ENDPOINT: url,
        S3_REGION: 'us-east-1',
        S3_BUCKET: bucket,
        S3_ACCESS_KEY_ID: S3RVER_KEY,
        S3_SECRET_ACCESS_KEY: S3RVER_KEY,
        S3_FORCE_PATH_STYLE: 'true',
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        await server.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

function readStoredPort(file: string): number | undefined {
  try {
    const { port } = JSON.parse(fs.readFileSync(file, 'utf8')) as { port?: unknown };
    return typeof port === 'number' ? port : undefined;
  } catch {
    return undefined;
  }
}
