// Benchmark of a 10 MB photo through a photo effect (issue 13), with the local color correction (the system runs the
// image service with IMAGE_LOCAL_EFFECTS=color-correction, so no provider is involved):
// - the time of one request through the gateway compared with the same request sent straight to the image service,
//   sampled alternately one at a time so both see the same machine (median of several);
// - 4 such uploads at once through the gateway (as many as one member may have in flight): the peak resident memory growth of the gateway and of the image
//   service over their level before, sampled from /proc every 20 ms, per upload in flight, against the target of at
//   most 4× the payload (the request body) per upload. An upload the image service's guard refuses (503: what it
//   holds plus the bodies in flight would pass its ceiling, docs/limits.md) is sent again after its Retry-After, and
//   counted (`refusedThenRetried`).
import { setTimeout as sleep } from 'node:timers/promises';
import { API_ROUTES } from '@act/contracts';
import { openImage } from '@act/service-kit/media';
import { setCredits, userIdOf } from '../e2e/support/credits-db';
import type { RunningSystem } from '../e2e/support/system';
import { median, round } from './bench-kit';
import { withMemoryPeaks } from './memory-peaks';

export interface EffectsBenchResult {
  photoBytes: number;
  photoWidth: number;
  photoHeight: number;
  /** The JSON request body (data URL and tool name) of one upload. */
  payloadBytes: number;
  samples: number;
  directMedianMs: number;
  gatewayMedianMs: number;
  addedMedianMs: number;
  concurrent: number;
  concurrentWallMs: number;
  gatewayPeakGrowthMb: number;
  imagePeakGrowthMb: number;
  /** Of the uploads sent at once, those the image service refused first (503, then sent again after Retry-After). */
  refusedThenRetried: number;
  /** The uploads sent at once that the service took at once: what the peak growth is divided by. */
  admittedAtOnce: number;
  /** Peak growth per upload in flight, as a multiple of the payload. */
  gatewayPerUploadXPayload: number;
  imagePerUploadXPayload: number;
}

const PATH = API_ROUTES.image.colorCorrection;
const MAX_BYTES = 10 * 1024 * 1024;
const SAMPLES = Number(process.env.BENCH_EFFECT_SAMPLES ?? 5);
// As many as one member may have in flight through the gateway (LARGE_UPLOADS_PER_CLIENT, docs/limits.md).
const CONCURRENT = 4;

/** A 10 MB JPEG (just under the cap): a photo-sized picture of grain, which compresses badly, as detail does. */
async function tenMegabytePhoto(): Promise<{ bytes: Buffer; width: number; height: number }> {
  const width = 4400;
  const height = 3300;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < pixels.length; i += 1) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    // A gradient under the grain, so the picture has a colour cast to correct.
    const base = i % 3 === 2 ? 150 : 90;
    pixels[i] = base + ((seed >>> 16) % 80);
  }
  // The highest quality that stays under the cap.
  for (let quality = 95; quality >= 50; quality -= 3) {
    const bytes = await openImage(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (bytes.length <= MAX_BYTES - 1024) return { bytes, width, height };
  }
  throw new Error('could not make a photo under 10 MB');
}

/** One upload's time, and how many times the service refused it first (503, its upload guard: docs/limits.md). */
interface Upload {
  ms: number;
  refusals: number;
}

/** Refusals one upload may meet before the section gives up on it: about a minute of Retry-After waits. */
const MAX_REFUSALS = 30;

/**
 * One upload, sent again after the Retry-After of a 503 as the answer asks: a replica's upload guard refuses a large
 * body while what it holds plus the bodies in flight would pass its ceiling, and that refusal is the bound the
 * section shows, not a failure. Any other answer but 200 ends the section.
 */
async function post(url: string, token: string, body: string): Promise<Upload> {
  const started = performance.now();
  for (let refusals = 0; ; refusals += 1) {
    const response = await fetch(`${url}${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    const text = await response.text();
    if (response.status === 200) return { ms: performance.now() - started, refusals };
    if (response.status !== 503 || refusals === MAX_REFUSALS)
      throw new Error(`${url}${PATH} answered ${response.status}: ${text.slice(0, 200)}`);
    await sleep(Number(response.headers.get('retry-after') ?? 2) * 1000);
  }
}

export async function benchEffects(system: RunningSystem, token: string): Promise<EffectsBenchResult> {
  const apiUrl = system.baseUrl.replace('//localhost:', '//127.0.0.1:');
  const imageUrl = system.urls.image;
  const gatewayPid = system.pids.gateway;
  const imagePid = system.pids.image;
  if (!imageUrl || !gatewayPid || !imagePid) throw new Error('the system runs no image service or gateway');
  const runs = 2 * (SAMPLES + 1) + CONCURRENT;
  await setCredits(
    { adminUrl: system.databaseUrl, namespace: system.namespace },
    userIdOf(token),
    runs * 20 + 100,
  );

  const photo = await tenMegabytePhoto();
  const body = JSON.stringify({
    image: `data:image/jpeg;base64,${photo.bytes.toString('base64')}`,
    toolName: 'color-correction',
  });

  // Warm both paths once, then alternate.
  await post(imageUrl, token, body);
  await post(apiUrl, token, body);
  const direct: number[] = [];
  const viaGateway: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    direct.push((await post(imageUrl, token, body)).ms);
    viaGateway.push((await post(apiUrl, token, body)).ms);
  }

  // 4 at once through the gateway, both processes' memory sampled meanwhile.
  const started = performance.now();
  const sampled = await withMemoryPeaks([gatewayPid, imagePid], 20, () =>
    Promise.all(Array.from({ length: CONCURRENT }, () => post(apiUrl, token, body))),
  );
  const uploads = sampled.result;
  const [gatewayPeak, imagePeak] = sampled.peaksKb as [number, number];
  const [gatewayBefore, imageBefore] = sampled.beforeKb as [number, number];
  const concurrentWallMs = performance.now() - started;

  const mb = (kb: number) => round(kb / 1024);
  const payloadMb = Buffer.byteLength(body) / (1024 * 1024);
  const gatewayGrowthMb = (gatewayPeak - gatewayBefore) / 1024;
  const imageGrowthMb = (imagePeak - imageBefore) / 1024;
  // Per upload the service took in the first wave: one it refused was retried seconds later, so the peak is that
  // wave's (or higher, if a retry overlapped it), and the figure errs high, never low.
  const refusedAtOnce = uploads.filter((upload) => upload.refusals > 0).length;
  const inFlight = Math.max(1, CONCURRENT - refusedAtOnce);
  return {
    photoBytes: photo.bytes.length,
    photoWidth: photo.width,
    photoHeight: photo.height,
    payloadBytes: Buffer.byteLength(body),
    samples: SAMPLES,
    directMedianMs: round(median(direct)),
    gatewayMedianMs: round(median(viaGateway)),
    addedMedianMs: round(median(viaGateway) - median(direct)),
    concurrent: CONCURRENT,
    concurrentWallMs: round(concurrentWallMs),
    gatewayPeakGrowthMb: mb(gatewayPeak - gatewayBefore),
    imagePeakGrowthMb: mb(imagePeak - imageBefore),
    refusedThenRetried: refusedAtOnce,
    admittedAtOnce: inFlight,
    gatewayPerUploadXPayload: round(gatewayGrowthMb / inFlight / payloadMb),
    imagePerUploadXPayload: round(imageGrowthMb / inFlight / payloadMb),
  };
}
