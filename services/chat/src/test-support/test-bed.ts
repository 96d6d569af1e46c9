// What the chat tests share: one chat replica (an app on the test database and the run's credits namespace) per
// call, the test bed they run on, member tokens and chat's event-stream calls.
import { randomUUID } from 'node:crypto';
import {
  CHAT_ENDPOINTS,
  CHAT_MODEL_IDS,
  PLAYGROUND_MODELS,
  fillRoute,
  type ChatFollowEvent,
  type ChatModelId,
  type ChatStreamEvent,
  type PlaygroundModelId,
} from '@act/contracts';
import {
  connectNats,
  createRateLimitStore,
  type NatsConnection,
  type Outbox,
  type RateLimitStore,
  type RunningServer,
  type Sql,
  loadConfig,
  z,
} from '@act/service-kit';
import { createObjectStore, objectStoreConfigFields, type ObjectStore } from '@act/service-kit/files';
import {
  postEventStream,
  silentLogger,
  startFakeOpenAi,
  startServiceTestBed,
  startTestService,
  testNatsUrl,
  testObjectStoreEnv,
  type CreditsProcess,
  type FakeOpenAi,
  type ServiceTestBed,
  type TestJwks,
  testToolAccess,
} from '@act/service-kit/testing';
import { createApp, type ChatApp, type ChatAppDeps } from '../app';
import type { ChatModels } from '../config';
import type { PdfInputMode } from '../domain/prepare';
import type { PageFetchOptions } from '../web/page-reader';
import { migrateChatDatabase } from '../db/migrate';
import { createOpenAiChatProvider } from '../providers/openai-provider';

/** Upstream ids the fake answers by (the API keeps the spec's column ids). */
export const TEST_MODELS: ChatModels = {
  playground: {
    'openai/gpt-4o-mini': 'up/gpt',
    'google/gemini-2.5-flash-preview-05-20': 'up/gemini',
    'anthropic/claude-sonnet-4': 'up/claude',
    'deepseek/deepseek-r1-0528:free': 'up/deepseek',
  },
  reasoning: 'up/sonar',
  // Each chat agent model answers as `agent/<spec id>`.
  agent: Object.fromEntries(CHAT_MODEL_IDS.map((id) => [id, `agent/${id}`])) as Record<ChatModelId, string>,
  web: 'up/web',
  deepSearch: 'up/deep',
};

/** The chat object store of a test run (the run's local S3), with its own URL secret. */
export function testChatFiles(): ObjectStore {
  const config = loadConfig(z.object(objectStoreConfigFields), testObjectStoreEnv());
  return createObjectStore(config, { service: 'chat' });
}

export const COLUMN_OF_UPSTREAM = Object.fromEntries(
  PLAYGROUND_MODELS.map((column) => [TEST_MODELS.playground[column], column]),
) as Record<string, PlaygroundModelId>;

export interface Replica {
  url: string;
  chat: ChatApp;
  server: RunningServer;
  nc: NatsConnection;
  close(): Promise<void>;
}

export async function startReplica(options: {
  jwks: TestJwks;
  credits: CreditsProcess;
  sql: Sql;
  outbox: Outbox;
  fake?: FakeOpenAi;
  replyMaxMs?: number;
  persistIntervalMs?: number;
  shutdownGraceMs?: number;
  /** No provider key: chat answers 503, the web chat answers locally. */
  noProvider?: boolean;
  files?: ObjectStore;
  pdfInput?: PdfInputMode;
  webFetch?: PageFetchOptions;
  deepSearch?: ChatAppDeps['deepSearch'];
  /** The per-member limits' counters (closed with the replica); default: this replica's memory. */
  rateLimits?: RateLimitStore;
}): Promise<Replica> {
  // Each replica has its own NATS connection, as separate processes would.
  const nc = await connectNats({ url: testNatsUrl(), name: `chat-test-${randomUUID().slice(0, 8)}` });
  // By default in this replica's memory, as a deployment without REDIS_URL counts (each test's members are new).
  const rateLimits = options.rateLimits ?? createRateLimitStore({});
  const chat = createApp({
    logger: silentLogger('chat'),
    ...testToolAccess(options, nc),
    sql: options.sql,
    outbox: options.outbox,
    nc,
    namespace: options.credits.namespace,
    provider:
      options.fake && !options.noProvider
        ? createOpenAiChatProvider({ apiKey: 'sk-test', baseUrl: options.fake.baseUrl, timeoutMs: 30_000 })
        : undefined,
    models: TEST_MODELS,
    files: options.files ?? testChatFiles(),
    ...(options.pdfInput ? { pdfInput: options.pdfInput } : {}),
    ...(options.webFetch ? { webFetch: options.webFetch } : {}),
    ...(options.deepSearch ? { deepSearch: options.deepSearch } : {}),
    replyMaxMs: options.replyMaxMs ?? 30_000,
    persistIntervalMs: options.persistIntervalMs ?? 100,
    shutdownGraceMs: options.shutdownGraceMs ?? 10_000,
    rateLimits,
  });
  const server = await startTestService(chat.app);
  return {
    url: server.url,
    chat,
    server,
    nc,
    async close() {
      await server.close();
      await chat.drain();
      await nc.close();
      await rateLimits.close();
    },
  };
}

/** Everything a chat test file runs against: the kit's service test bed (the run's credits and tokens, its own
 * database with the outbox relay), a fake provider, and one chat replica on them. */
export interface ChatTestBed extends ServiceTestBed {
  fake: FakeOpenAi;
  chat: Replica;
}

export async function startChatTestBed(databaseName: string): Promise<ChatTestBed> {
  const bed = await startServiceTestBed(databaseName, migrateChatDatabase);
  const fake = await startFakeOpenAi();
  const chat = await startReplica({
    jwks: bed.jwks,
    credits: bed.credits,
    sql: bed.sql,
    outbox: bed.outbox,
    fake,
  });
  return {
    ...bed,
    fake,
    chat,
    async close() {
      await chat.close();
      await bed.close();
      await fake.close();
    },
  };
}

/** Follows a reply by its id (GET /api/chat/replies/:id as an event stream). */
export const followStream = (base: string, replyId: string, token: string) =>
  postEventStream<ChatFollowEvent>(
    base,
    fillRoute(CHAT_ENDPOINTS.follow.path, { id: replyId }),
    undefined,
    token,
    { method: 'GET' },
  );

/** A chat reply's event stream (the kit's test client, with chat's events). */
export const postStream = (base: string, path: string, body: unknown, token: string) =>
  postEventStream<ChatStreamEvent>(base, path, body, token);
