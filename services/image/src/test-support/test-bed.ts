// What the image tests share: the kit's service test bed (the run's credits and member tokens, a test database with
// the outbox relay), the fake fal queue, the local S3 (s3rver) as the object store, and image service replicas on
// them (with or without a key, with any time limit).
import { randomUUID } from 'node:crypto';
import { natsNames, type NatsNames } from '@act/contracts/server';
import {
  creationAnnouncer,
  z,
  type CreationAnnouncer,
  type RunningServer,
  type WorkPool,
} from '@act/service-kit';
import { createObjectStore, objectStoreConfigFields, type ObjectStore } from '@act/service-kit/files';
import {
  silentLogger,
  startServiceTestBed,
  startTestService,
  testObjectStoreEnv,
  type ServiceTestBed,
  testToolAccess,
} from '@act/service-kit/testing';
import { createApp, type ImageApp } from '../app';
import { migrateImageDatabase } from '../db/migrate';
import { FAL_MODELS } from '../providers/fal-models';
import { createFalEffects, FAL_EFFECTS } from '../providers/fal-effects';
import { createFalImageTools, FAL_TOOLS } from '../providers/fal-image-tools';
import type { LocalEffectId } from '../providers/local-effects';
import { createFalConnection, createFalProvider } from '../providers/fal-provider';
import { startFakeFal, type FakeFal } from './fake-fal';

export interface ImageReplica {
  url: string;
  image: ImageApp;
  server: RunningServer;
  close(): Promise<void>;
}

export interface ImageTestBed extends ServiceTestBed {
  /** The run's NATS names (its CREATIONS stream) and the replicas' library announcer. */
  names: NatsNames;
  creations: CreationAnnouncer;
  fal: FakeFal;
  files: ObjectStore;
  /** The FILE_URL_SECRET the files are signed with. */
  fileUrlSecret: string;
  /** A replica with a key, pointed at the fake fal (time limit 30 s). */
  service: ImageReplica;
  /** A new member and a token of theirs; checked to start with the run's 50 credits. */
  newMember(): Promise<{ userId: string; token: string }>;
  startReplica(options?: {
    withKey?: boolean;
    timeoutMs?: number;
    localEffects?: LocalEffectId[];
    localEffectsPool?: WorkPool;
  }): Promise<ImageReplica>;
}

export async function startImageTestBed(databaseName: string): Promise<ImageTestBed> {
  const bed = await startServiceTestBed(databaseName, migrateImageDatabase);
  const { jwks, credits, sql, nc, outbox } = bed;
  const fal = await startFakeFal();
  const storeConfig = z.object(objectStoreConfigFields).parse(testObjectStoreEnv());
  const files = createObjectStore(storeConfig, { service: 'image' });
  const replicas: ImageReplica[] = [];
  // The run's namespace: the creation events go to this file's CREATIONS stream (library.test.ts reads it).
  const names = natsNames(credits.namespace);
  const creations = creationAnnouncer(outbox, names, 'image');
  const connection = () => createFalConnection({ apiKey: `fal-${randomUUID()}`, baseUrl: fal.baseUrl });

  async function startReplica({
    withKey = true,
    timeoutMs = 30_000,
    localEffects = [] as LocalEffectId[],
    localEffectsPool = undefined as WorkPool | undefined,
  } = {}): Promise<ImageReplica> {
    const image = createApp({
      logger: silentLogger('image'),
      ...testToolAccess({ jwks, credits }, nc),
      sql,
      outbox,
      files,
      creations,
      provider: withKey
        ? createFalProvider({
            apiKey: `fal-${randomUUID()}`,
            models: FAL_MODELS,
            baseUrl: fal.baseUrl,
            pollIntervalMs: 20,
          })
        : undefined,
      falEffects: withKey
        ? createFalEffects({
            connection: connection(),
            effects: FAL_EFFECTS,
            pollIntervalMs: 20,
          })
        : undefined,
      falImageTools: withKey
        ? createFalImageTools({ connection: connection(), tools: FAL_TOOLS, pollIntervalMs: 20 })
        : undefined,
      generationTimeoutMs: timeoutMs,
      localEffects,
      ...(localEffectsPool ? { localEffectsPool } : {}),
    });
    const server = await startTestService(image.app);
    const replica = {
      url: server.url,
      image,
      server,
      async close() {
        await server.close();
        await image.drain();
      },
    };
    replicas.push(replica);
    return replica;
  }

  const service = await startReplica();
  return {
    ...bed,
    fal,
    files,
    names,
    creations,
    fileUrlSecret: storeConfig.FILE_URL_SECRET,
    service,
    startReplica,
    async newMember() {
      const userId = randomUUID();
      const token = await jwks.tokenFor(userId);
      const balance = await credits.balanceOf(token);
      if (balance !== 50) throw new Error(`a new member has ${balance} credits, not 50`);
      return { userId, token };
    },
    async close() {
      for (const replica of replicas) await replica.close();
      await bed.close();
      await fal.close();
    },
  };
}
