// Export my data (docs/product-rules.md#export-my-data, docs/architecture.md#data-export). A request stores a
// pending export leased to this replica and builds it in the background: every service's part over NATS
// (member.export.<service>), then one zip streamed to a temporary file and stored as `identity/<user>/<id>.zip`.
// Any part missing, late or refused fails the whole export (the member may ask again at once): a partial zip is
// never presented as complete. A replica that dies mid-build leaves its lease to run out; the sweep re-runs the
// export once, then fails it. Exports are deleted (row and zip) a day after they finish, when their link expires.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATA_EXPORT_ERROR_TEXTS, DATA_EXPORT_RULES, type DataExport } from '@act/contracts';
import { MEMBER_EXPORT_SERVICES, type NatsNames } from '@act/contracts/server';
import {
  AppError,
  ErrorCode,
  requestMemberExport,
  startPeriodicJob,
  type Logger,
  type NatsConnection,
} from '@act/service-kit';
import type { ObjectStore, UrlSigner } from '@act/service-kit/files';
import type { DataExportRow, DataExportStore } from '../db/data-exports';
import { writeExportZip } from './data-export-zip';

/** An export is built at most this many times (its first run and one re-run after a replica died). */
const MAX_ATTEMPTS = 2;

export interface DataExportDeps {
  store: DataExportStore;
  nc: NatsConnection;
  names: NatsNames;
  logger: Logger;
  /** The object store (service `identity`): the services' files are read from it and the zips written to it. */
  files: ObjectStore;
  /** Signs download links valid DATA_EXPORT_RULES.linkTtlSeconds from the export's completion. */
  signer: UrlSigner;
  partTimeoutMs: number;
  leaseMs: number;
  /** How often the sweep looks for abandoned and expired exports. */
  sweepMs?: number;
}

export interface DataExports {
  request(userId: string): Promise<DataExport>;
  get(userId: string, id: string): Promise<DataExport>;
  /** Resolves once every build started here has settled (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function startDataExports(deps: DataExportDeps): DataExports {
  const { store, logger } = deps;
  const building = new Set<Promise<void>>();
  let stopping = false;

  const launch = (row: DataExportRow) => {
    const run = buildExport(deps, row).finally(() => building.delete(run));
    building.add(run);
  };

  const sweep = startPeriodicJob({
    name: 'data export sweep',
    intervalMs: deps.sweepMs ?? 60_000,
    logger,
    run: async () => {
      const failed = await store.failExhausted(MAX_ATTEMPTS, 'the export was abandoned twice');
      if (failed > 0) logger.warn({ failed }, 'data exports abandoned twice; marked failed');
      for (let row = await store.claimAbandoned(MAX_ATTEMPTS); row && !stopping;) {
        logger.warn({ exportId: row.id }, 'data export abandoned by its replica; building it again');
        launch(row);
        row = await store.claimAbandoned(MAX_ATTEMPTS);
      }
      const expired = await store.deleteExpired(DATA_EXPORT_RULES.linkTtlSeconds * 1000);
      if (expired.length > 0) await deps.files.delete(expired);
    },
  });

  return {
    async request(userId) {
      const last = await store.lastReady(userId);
      const waitMs = last?.finished_at
        ? last.finished_at.getTime() + DATA_EXPORT_RULES.cooldownSeconds * 1000 - Date.now()
        : 0;
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new AppError(ErrorCode.RATE_LIMITED, DATA_EXPORT_ERROR_TEXTS.tooSoon(Math.ceil(seconds / 60)), {
          headers: { 'Retry-After': String(seconds) },
        });
      }
      const row = await store.insertPending(randomUUID(), userId);
      if (!row) throw new AppError(ErrorCode.CONFLICT, DATA_EXPORT_ERROR_TEXTS.alreadyPending);
      launch(row);
      return viewOf(deps, row);
    },
    async get(userId, id) {
      const row = await store.findOwned(id, userId);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, DATA_EXPORT_ERROR_TEXTS.notFound);
      return viewOf(deps, row);
    },
    async idle() {
      while (building.size > 0) await Promise.allSettled([...building]);
    },
    async stop() {
      stopping = true;
      await sweep.stop();
      // Builds in flight are left to finish within the shutdown grace; one cut short is re-run by the sweep.
      await Promise.allSettled([...building]);
    },
  };
}

function viewOf({ files, signer }: Pick<DataExportDeps, 'files' | 'signer'>, row: DataExportRow): DataExport {
  if (row.status !== 'ready' || !row.object_key || !row.finished_at)
    return { id: row.id, status: row.status };
  const name = `${row.id}.zip`;
  const download = `act-data-export-${row.finished_at.toISOString().slice(0, 10)}.zip`;
  const query = signer.sign(files.keyOf(row.user_id, name), { download, now: row.finished_at.getTime() });
  return { id: row.id, status: 'ready', downloadUrl: `/api/identity/files/${row.user_id}/${name}?${query}` };
}

async function buildExport(deps: DataExportDeps, row: DataExportRow): Promise<void> {
  const { store, logger, files } = deps;
  const heartbeat = setInterval(
    () =>
      void store.renewLease(row.id).catch((err: unknown) => logger.warn({ err }, 'export lease not renewed')),
    Math.max(50, Math.floor(deps.leaseMs / 3)),
  );
  heartbeat.unref();
  const dir = await mkdtemp(path.join(tmpdir(), 'act-export-'));
  try {
    const request = { exportId: row.id, userId: row.user_id };
    const parts = await Promise.all(
      MEMBER_EXPORT_SERVICES.map(async (service) => ({
        service,
        part: await requestMemberExport(deps.nc, deps.names, service, request, deps.partTimeoutMs),
      })),
    );
    const account = await store.account(row.user_id);
    const file = path.join(dir, 'export.zip');
    await writeExportZip(file, {
      userId: row.user_id,
      account: accountDocument(account),
      readme: README,
      parts,
      open: async (key) => (await files.open(key)).body,
    });
    // Read back whole for the upload: the kit's store puts buffers (a member's files are tens of MB at most).
    const { key } = await files.put({
      owner: row.user_id,
      id: row.id,
      ext: 'zip',
      contentType: 'application/zip',
      body: await readFile(file),
    });
    if (!(await store.settle(row.id, { status: 'ready', objectKey: key }))) await files.delete([key]);
    logger.info({ exportId: row.id }, 'data export ready');
  } catch (error) {
    logger.warn({ err: error, exportId: row.id }, 'data export failed');
    await store
      .settle(row.id, { status: 'failed', error: error instanceof Error ? error.message : String(error) })
      .catch((err: unknown) => logger.error({ err, exportId: row.id }, 'failed export not recorded'));
  } finally {
    clearInterval(heartbeat);
    await rm(dir, { recursive: true, force: true });
  }
}

function accountDocument({ user, apiKeys }: Awaited<ReturnType<DataExportStore['account']>>) {
  return {
    id: user?.id,
    email: user?.email,
    emailVerified: user?.email_verified,
    signInWithGoogle: user?.google,
    createdAt: user?.created_at,
    apiKeys: apiKeys.map((key) => ({
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      monthlyCreditLimit: key.monthly_credit_limit,
      createdAt: key.created_at,
      revokedAt: key.revoked_at,
    })),
  };
}

const README = `Your AI Creative Toolbox data export
====================================

account.json             your account: e-mail, sign-in methods, API keys (names and prefixes only)
credits/                 your balance and plan, credits ledger and purchases
chats/                   each chat with its messages, your projects, saved prompts, instructions and share links
chats/attachments/       the files you attached to chats
prompts/results.json     your prompt tool results
images.json, images/     your image generations and their image files
audio.json, audio/       your voice clips and their audio files
summaries.json           your YouTube summaries

Dates are ISO 8601 in UTC. JSON field names are camelCase.
`;
