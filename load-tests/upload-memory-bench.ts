// Peak memory per upload in flight, for every service that takes files (issue 22): 4 uploads of 10 MB at once (a
// voice recording: 5 MB, its largest) sent straight to the service, each refused as unreadable after it was read,
// parsed and decoded. The figure is the growth of the process's peak resident memory (the kernel's high-water mark)
// over its level before, per upload the service read (one its body budget turned away unread costs nothing). The
// target: no more than the body budget's estimate (BODY_MEMORY_FACTOR × the body), so the budget never under-counts.
import { BODY_MEMORY_FACTOR } from '@act/service-kit';
import {
  floodUploads,
  uploadEndpointsOf,
  UPLOAD_SERVICES,
  type UploadService,
} from '@act/service-kit/testing';
import type { RunningSystem } from '../e2e/support/system';

const MiB = 1024 * 1024;
const CONCURRENT = 4;
const FILE_BYTES: Record<UploadService, number> = {
  prompt: 10 * MiB,
  chat: 10 * MiB,
  image: 10 * MiB,
  voice: 5 * MiB - 1024,
};

export interface UploadMemoryResult {
  service: UploadService;
  concurrent: number;
  /** Uploads the service read (the others were refused unread, 503). */
  read: number;
  bodyMb: number;
  startRssMb: number;
  peakRssMb: number;
  mbPerUpload: number;
  /** The body budget's estimate of one upload: BODY_MEMORY_FACTOR × the body. */
  budgetMbPerUpload: number;
}

/** `token` is a member's; prompt's uploads go as a guest (x-client-ip, as the gateway sends it). */
export async function benchUploadMemory(system: RunningSystem, token: string): Promise<UploadMemoryResult[]> {
  const results: UploadMemoryResult[] = [];
  for (const service of UPLOAD_SERVICES) {
    const url = system.urls[service];
    const pid = system.pids[service];
    if (!url || !pid) throw new Error(`the system runs no ${service} service`);
    const flood = await floodUploads({ url, pid }, uploadEndpointsOf(service), {
      parallel: CONCURRENT,
      fileBytes: FILE_BYTES[service],
      headers:
        service === 'prompt' ? { 'x-client-ip': '198.51.100.22' } : { authorization: `Bearer ${token}` },
    });
    const read = flood.replies.filter((reply) => reply.status !== 503).length;
    const round = (value: number) => Math.round(value * 10) / 10;
    results.push({
      service,
      concurrent: CONCURRENT,
      read,
      bodyMb: flood.bodyMb,
      startRssMb: flood.startRssMb,
      peakRssMb: flood.peakRssMb,
      mbPerUpload: round((flood.peakRssMb - flood.startRssMb) / Math.max(1, read)),
      budgetMbPerUpload: round(flood.bodyMb * BODY_MEMORY_FACTOR),
    });
  }
  return results;
}
