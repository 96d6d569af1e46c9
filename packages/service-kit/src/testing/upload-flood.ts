// Many large uploads at once against one service process, and the most memory that process held meanwhile: the
// memory tests of the upload-taking services and the bench's upload section. The uploads are 10 MB of random bytes
// in a data URL, which every tool refuses as unreadable, so they cost nothing and need no provider; the memory is
// what the process spends reading, parsing and decoding them.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import {
  ANALYSIS_TASKS,
  CAMERA_MOTIONS,
  DEFAULT_LANGUAGE,
  DEFAULT_VOICE,
  ENDPOINTS,
  ERROR_TEXTS,
  VIDEO_STYLES,
  type BodyLimitClass,
} from '@act/contracts';
import { REPO_ROOT, type ChildService } from './child-service';
import { processMemoryKb } from './proc-stats';
import {
  startServiceProcessBed,
  type ServiceProcessBed,
  type ServiceProcessOptions,
} from './service-process';

const MiB = 1024 * 1024;

/** The body classes of endpoints that take a file (a data URL); the others carry text only. */
const FILE_BODY_LIMITS: ReadonlySet<BodyLimitClass> = new Set(['image', 'audio', 'chatAttachments']);

/** Every path of `service` (its /api/<service>/ routes) whose body carries a file, from the contracts. */
export function uploadPathsOf(service: string): string[] {
  return ENDPOINTS.filter(
    (endpoint) => endpoint.path.startsWith(`/api/${service}/`) && FILE_BODY_LIMITS.has(endpoint.bodyLimit),
  ).map((endpoint) => endpoint.path);
}

/** One endpoint that takes an upload: its path and its JSON body around the upload's data URL. */
export interface UploadEndpoint {
  path: string;
  /** The data URL's media type (image/png, application/pdf, audio/mpeg). */
  mime: string;
  body(dataUrl: string): Record<string, unknown>;
}

/**
 * Every fields each upload-taking tool requires besides its file, valid, so an upload gets as far as its decoding;
 * each tool's schema drops the fields it does not know.
 */
const TOOL_FIELDS: Record<string, unknown> = {
  // prompt
  language: DEFAULT_LANGUAGE,
  analysisTasks: [ANALYSIS_TASKS[0]!.id],
  cameraMotion: CAMERA_MOTIONS[0]!.id,
  videoStyle: VIDEO_STYLES[0]!.id,
  actionDescription: 'the bicycle rolls away',
  // image effects
  prompt: 'a quiet beach',
  ageChange: 'ten years older',
  expression: 'a smile',
  // chat: a model that takes images and PDFs (the chats without a model choice drop it)
  modelId: 'openai/gpt-4o-mini',
  // voice
  voiceId: DEFAULT_VOICE.id,
};

/** The services whose endpoints take files. */
export const UPLOAD_SERVICES = ['prompt', 'chat', 'image', 'voice'] as const;
export type UploadService = (typeof UPLOAD_SERVICES)[number];

/** The file fields a service's uploads travel in, each with the media type its data URL says. */
const FILE_FIELDS: Record<UploadService, ReadonlyArray<{ field: string; mime: string }>> = {
  prompt: [{ field: 'image', mime: 'image/png' }],
  image: [{ field: 'image', mime: 'image/png' }],
  chat: [
    { field: 'image', mime: 'image/png' },
    { field: 'pdf', mime: 'application/pdf' },
  ],
  voice: [{ field: 'audioFile', mime: 'audio/mpeg' }],
};

/** Every upload `service` takes: each endpoint with a file body, once per kind of file it takes. */
export function uploadEndpointsOf(service: UploadService): UploadEndpoint[] {
  return uploadPathsOf(service).flatMap((path) =>
    FILE_FIELDS[service].map(({ field, mime }) => ({
      path,
      mime,
      body: (dataUrl: string) => ({ ...TOOL_FIELDS, [field]: dataUrl }),
    })),
  );
}

export interface UploadFloodOptions {
  /** Uploads sent at once, spread over the endpoints in turn. */
  parallel: number;
  /** Bytes of each upload before base64 (default 10 MB, the largest file a tool takes). */
  fileBytes?: number;
  /** Headers of every upload (a member's authorization, a guest's x-client-ip). */
  headers?: Record<string, string>;
}

export interface UploadReply {
  path: string;
  status: number;
  retryAfter: string | null;
  error: string | undefined;
}

export interface UploadFloodResult {
  replies: UploadReply[];
  /** The process's resident memory just before the uploads, in MB. */
  startRssMb: number;
  /** The most resident memory the process held from then until every upload was answered, in MB. */
  peakRssMb: number;
  /** The JSON body of one upload, in MB. */
  bodyMb: number;
}

/** The memory limit a service's pod has in k8s/base/<service>.yaml, in MB. */
export async function k8sMemoryLimitMb(service: string): Promise<number> {
  const manifest = await readFile(path.join(REPO_ROOT, 'k8s/base', `${service}.yaml`), 'utf8');
  // The service's own container: the pod's `migrate` init container has a limit of its own, listed first.
  const containers = /^\s+containers:\s*$/m.exec(manifest);
  const match = /limits:\s*\n\s*memory:\s*(\d+)(Gi|Mi)\b/.exec(manifest.slice(containers?.index ?? 0));
  if (!match) throw new Error(`k8s/base/${service}.yaml has no memory limit`);
  return Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1);
}

/**
 * Sends `parallel` uploads at once to the service at `url` (process `pid`), spread over `endpoints`, and reads the
 * process's peak resident memory meanwhile: the kernel's own high-water mark (VmHWM, reset just before through
 * /proc/<pid>/clear_refs), so no short peak between two samples is missed.
 */
export async function floodUploads(
  service: { url: string; pid: number },
  endpoints: readonly UploadEndpoint[],
  { parallel, fileBytes = 10 * MiB, headers = {} }: UploadFloodOptions,
): Promise<UploadFloodResult> {
  const payload = randomBytes(fileBytes).toString('base64');
  // One encoded body per endpoint, sent as the same bytes by every upload, so the test process holds them once.
  const bodies = endpoints.map((endpoint) =>
    Buffer.from(JSON.stringify(endpoint.body(`data:${endpoint.mime};base64,${payload}`))),
  );
  const startRssKb = await processMemoryKb(service.pid, 'VmRSS');
  await writeFile(`/proc/${service.pid}/clear_refs`, '5');
  const replies = await Promise.all(
    Array.from({ length: parallel }, async (_, index): Promise<UploadReply> => {
      const endpoint = endpoints[index % endpoints.length]!;
      let response: Response;
      try {
        response = await fetch(`${service.url}${endpoint.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: bodies[index % endpoints.length],
        });
      } catch (error) {
        // No answer at all (the connection was cut): status 0, and why, for the test to show.
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        return { path: endpoint.path, status: 0, retryAfter: null, error: cause?.code ?? cause?.message };
      }
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      return {
        path: endpoint.path,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        error: body.error,
      };
    }),
  );
  const peakKb = await processMemoryKb(service.pid, 'VmHWM');
  return {
    replies,
    startRssMb: Math.round(startRssKb / 1024),
    peakRssMb: Math.round(peakKb / 1024),
    bodyMb: Math.round((bodies[0]!.length / MiB) * 10) / 10,
  };
}

export interface FloodExpectation {
  /** The pod's memory limit (k8s/base/<service>.yaml): the peak must stay under half of it. */
  limitMb: number;
  /** What an upload that was read is answered (400 unreadable, 413 too large). */
  status: number;
  /** Its texts (one per kind of upload). */
  texts: readonly string[];
  /** The service's output, shown when the expectation fails. */
  output(): string;
}

/**
 * Every upload was answered in plain words: read and refused for what it is (`status`, one of `texts`), refused
 * unread while the process had no room for its body (503, the service-unavailable text, Retry-After), or cut for
 * arriving slower than the minimum rate (408, the too-slow text: on a machine busy with other suites, 64 uploads of
 * 10 MB at once from one client can trickle that slowly); at least one was read; and the process's peak memory stayed
 * under half its pod's limit.
 */
export function expectRefusedWithinMemory(flood: UploadFloodResult, expected: FloodExpectation): void {
  const summary = () =>
    JSON.stringify({
      ...flood,
      replies: flood.replies.map((reply) => `${reply.status} ${reply.error ?? ''}`),
      output: expected.output().split('\n').slice(-20),
    });
  const read = flood.replies.filter((reply) => reply.status === expected.status);
  const unread = flood.replies.filter((reply) => reply.status === 503);
  const slow = flood.replies.filter((reply) => reply.status === 408);
  expect(read.length + unread.length + slow.length, summary()).toBe(flood.replies.length);
  for (const reply of read) expect(expected.texts).toContain(reply.error);
  for (const reply of slow) expect(reply.error).toBe(ERROR_TEXTS.server.uploadTooSlow);
  for (const reply of unread) {
    expect(reply.error).toBe(ERROR_TEXTS.server.serviceUnavailable);
    expect(Number(reply.retryAfter)).toBeGreaterThan(0);
  }
  expect(read.length, summary()).toBeGreaterThan(0);
  expect(flood.peakRssMb, summary()).toBeLessThan(expected.limitMb / 2);
}

export interface UploadMemoryBed extends ServiceProcessBed {
  /** The service's process, told its pod's memory limit. */
  service: ChildService;
  /** Its pod's memory limit (k8s/base/<service>.yaml), in MB. */
  limitMb: number;
  /**
   * Sends 64 uploads at once, spread over every upload the service takes, and expects each refused in plain words
   * (`status` with one of `texts` once read, else 503, or 408 if it trickled) with the process's peak memory under
   * half its limit.
   */
  expectFloodRefused(
    expected: Pick<FloodExpectation, 'status' | 'texts'> & Pick<UploadFloodOptions, 'fileBytes' | 'headers'>,
  ): Promise<void>;
}

/** An upload-taking service's main.ts, told its pod's memory limit as the pod's cgroup would tell it in k8s. */
export async function startUploadMemoryBed(
  service: UploadService,
  options: ServiceProcessOptions = {},
): Promise<UploadMemoryBed> {
  const bed = await startServiceProcessBed(`services/${service}`, options);
  try {
    const limitMb = await k8sMemoryLimitMb(service);
    const running = await bed.start({ MEMORY_LIMIT_MB: String(limitMb) });
    return {
      ...bed,
      service: running,
      limitMb,
      async expectFloodRefused({ status, texts, fileBytes, headers }) {
        const flood = await floodUploads(running, uploadEndpointsOf(service), {
          parallel: 64,
          fileBytes,
          headers,
        });
        expectRefusedWithinMemory(flood, { limitMb, status, texts, output: running.output });
      },
    };
  } catch (error) {
    await bed.close();
    throw error;
  }
}
