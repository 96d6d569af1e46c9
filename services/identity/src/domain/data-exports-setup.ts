// Starts Export my data when the object store is configured (S3_BUCKET and FILE_URL_SECRET): the store under the
// `identity` prefix, the signer of the 24-hour download links and the exports' builder and sweep.
import { DATA_EXPORT_RULES } from '@act/contracts';
import type { NatsNames } from '@act/contracts/server';
import type { Logger, NatsConnection, Sql } from '@act/service-kit';
import type { IdentityConfig } from '../config';
import { createDataExportStore } from '../db/data-exports';
import { startDataExports, type DataExports } from './data-exports';

/** A build renews its lease every third of this; a replica silent this long is presumed dead. */
const LEASE_MS = 60_000;

export async function startDataExportsOf({
  config,
  logger,
  sql,
  nc,
  names,
  sweepMs,
}: {
  config: Readonly<IdentityConfig>;
  logger: Logger;
  sql: Sql;
  nc: NatsConnection;
  names: NatsNames;
  sweepMs?: number;
}) {
  const { S3_BUCKET, FILE_URL_SECRET } = config;
  if (!S3_BUCKET || !FILE_URL_SECRET) {
    logger.info('data export off: S3_BUCKET and FILE_URL_SECRET are not both set');
    return undefined;
  }
  // Loaded only when exports are on: the S3 client is heavy.
  const { createObjectStore, createUrlSigner } = await import('@act/service-kit/files');
  const storeConfig = {
    ...config,
    S3_BUCKET,
    FILE_URL_SECRET,
    FILE_URL_TTL_S: DATA_EXPORT_RULES.linkTtlSeconds,
  };
  const files = createObjectStore(storeConfig, { service: 'identity' });
  const exports: DataExports = startDataExports({
    store: createDataExportStore(sql, LEASE_MS),
    nc,
    names,
    logger,
    files,
    signer: createUrlSigner(FILE_URL_SECRET, DATA_EXPORT_RULES.linkTtlSeconds),
    partTimeoutMs: config.EXPORT_PART_TIMEOUT_MS,
    leaseMs: LEASE_MS,
    sweepMs,
  });
  return { exports, files };
}
