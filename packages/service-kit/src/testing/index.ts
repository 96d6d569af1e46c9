// Test helpers: each test file gets its own database and NATS namespace on the real servers, so files run in parallel.
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../logger';
import type { HttpApp } from '../http-app';
import { startHttpServer, type RunningServer } from '../server';

export interface CapturedLogger {
  logger: Logger;
  /** Every line written so far, raw JSON text. */
  lines: string[];
  text(): string;
}

/** A real pino logger whose output is kept in memory, for assertions on what would reach the logs. */
export function captureLogger(name = 'test', level = 'trace'): CapturedLogger {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  return { logger: createLogger({ name, level, destination }), lines, text: () => lines.join('\n') };
}

export function silentLogger(name = 'test'): Logger {
  return createLogger({ name, level: 'silent' });
}

export async function startTestService(
  app: HttpApp,
  logger: Logger = silentLogger(),
): Promise<RunningServer> {
  return startHttpServer(app, { port: 0, host: '127.0.0.1', logger, graceMs: 1_000 });
}

export { callJson, type CallOptions, type JsonReply } from './call-json';
export {
  createTestDatabase,
  testDatabaseServerUrl,
  testNatsUrl,
  testObjectStoreEnv,
  uniqueNamespace,
  type TestDatabase,
} from './test-infra';
export {
  launchChildService,
  startChildService,
  REPO_ROOT,
  type ChildService,
  type ChildServiceOptions,
  type LaunchedChildService,
} from './child-service';
export { findFreePort } from '@act/dev-infra/child';
export {
  startCreditsProcess,
  type CreditsAddress,
  type CreditsProcess,
  type OwnCreditsProcess,
} from './credits-process';
export {
  runServices,
  startRunServices,
  type RunServices,
  type RunServicesInfo,
  type StartedRunServices,
} from './run-services';
export {
  startFakeOpenAi,
  type ChatRequest,
  type FakeAnswer,
  type FakeCitation,
  type FakeOpenAi,
  type FakeStream,
} from './fake-openai';
export {
  dataUrl,
  makeGif,
  makeJpeg,
  makeNoisePng,
  makePng,
  makeWebp,
  oversizePngDataUrl,
  type ImageSpec,
} from './images';
export {
  startTestJwks,
  testJwksServedElsewhere,
  TEST_JWT_AUDIENCE,
  TEST_JWT_ISSUER,
  type SignOptions,
  type TestJwks,
} from './test-jwks';
export { largeBlackPng } from './large-png';
export { makeGarbagePdf, makePdf } from './pdf';
export { makeFlac, makeJunkFramesMp3, makeM4a, makeMp3, makeUnchainedMp3, makeWav, makeWebm } from './audio';
export { startTestPages, TEST_ARTICLE, TEST_PDF_PAGES, TEST_PLAIN_TEXT, type TestPages } from './test-pages';
export { expectOwnerOnly, type OwnerOnlyCase } from './owner-only';
export { startOwnNats, type OwnNats } from './own-nats';
export { startFakeOtlpCollector, type CollectedSpan, type FakeOtlpCollector } from './fake-otlp';
export { startScriptedCredits, type ScriptedCredits, type PublishedUsage } from './scripted-credits';
export {
  parseMetrics,
  scrapeMetrics,
  SHARED_METRIC_LABELS,
  type MetricSample,
  type ScrapedMetrics,
} from './scrape-metrics';
export {
  expectRefusedWithinMemory,
  floodUploads,
  k8sMemoryLimitMb,
  startUploadMemoryBed,
  uploadEndpointsOf,
  uploadPathsOf,
  UPLOAD_SERVICES,
  type FloodExpectation,
  type UploadEndpoint,
  type UploadFloodOptions,
  type UploadFloodResult,
  type UploadMemoryBed,
  type UploadReply,
  type UploadService,
} from './upload-flood';
export { processCpuMs, processMemoryKb } from './proc-stats';
export { waitUntil, type WaitUntilOptions } from './wait-until';
export {
  expectCutAsTooSlow,
  QUICK_BODY_RATE_ENV,
  startSlowUpload,
  type SlowAnswer,
  type SlowUpload,
  type SlowUploadOptions,
} from './slow-upload';
export { outsideTransaction } from '../database-pool';
export {
  dataOf,
  eventsOf,
  postEventStream,
  readStreamBlocks,
  type EventStreamCall,
  type PostEventStreamOptions,
  type StreamBlock,
} from './event-stream-client';
export {
  expectChargesCounted,
  expectReady,
  startServiceProcessBed,
  type ServiceProcessBed,
  type ServiceProcessOptions,
} from './service-process';
export {
  connectToRun,
  startServiceTestBed,
  type RunConnection,
  type ServiceTestBed,
} from './service-test-bed';
export { testToolAccess } from './tool-access';
export { creationEvents } from './creation-events';
