// The sections of `npm run bench` that use the whole system's other tools and pages
// (docs/performance.md#what-it-measures): offline text to speech, the shell's and the gallery's first load in
// Chromium, photo effects' upload memory, and every service's peak memory per refused upload.
import type { RunningSystem } from '../e2e/support/system';
import { benchApiUrl, giveCredits, signUpMember } from './bench-members';
import type { Section } from './bench-run';
import { benchEffects } from './effects-bench';
import { benchGallery } from './gallery-bench';
import { benchShell } from './shell-bench';
import { benchUploadMemory } from './upload-memory-bench';
import { benchVoice, voiceBenchCredits } from './voice-bench';

/**
 * Offline text to speech in the real voice service (no provider key: eSpeak NG in WebAssembly, MP3 with lamejs):
 * seconds of speech per CPU second for a 2000-character text, and the service's peak memory with 4 at once.
 */
export async function benchVoiceSection(system: RunningSystem): Promise<Section> {
  const apiUrl = benchApiUrl(system);
  const voicePid = system.pids.voice;
  if (!voicePid) throw new Error('the system runs no voice service');
  const tokens: string[] = [];
  for (let i = 0; i < 4; i++) {
    const token = await signUpMember(apiUrl, `voice-${i}`);
    await giveCredits(system, token, voiceBenchCredits());
    tokens.push(token);
  }
  const result = await benchVoice({ apiUrl, tokens, voicePid });
  return {
    name: 'voice (offline text to speech)',
    runs: [],
    figures: { ...result },
    targets: [
      {
        what: `speech seconds per CPU second, ${result.textChars} characters`,
        value: result.speechSecondsPerCpuSecond,
        target: '>= 10',
        met: result.speechSecondsPerCpuSecond >= 10,
      },
      {
        what: `voice service peak resident memory, ${result.concurrent} at once (MB)`,
        value: result.peakRssMb,
        target: '<= 768 (half the pod limit)',
        met: result.peakRssMb <= 768,
      },
    ],
  };
}

/** The shell's initial JavaScript (gzip) and the landing page's LCP in Chromium, served by the real gateway. */
export async function benchShellSection(system: RunningSystem): Promise<Section> {
  const result = await benchShell(system.baseUrl);
  const kb = Math.round((result.initialJsGzipBytes / 1024) * 10) / 10;
  return {
    name: 'shell',
    runs: [],
    figures: {
      initialJsGzipKb: kb,
      initialJsKb: Math.round(result.initialJsBytes / 1024),
      scripts: result.scripts.length,
      lcpMs: result.lcpMs,
      lcpRunsMs: result.lcpRunsMs.join(' '),
    },
    targets: [
      { what: 'initial JS, gzip (KB)', value: kb, target: '<= 170', met: kb <= 170 },
      { what: 'landing LCP, median (ms)', value: result.lcpMs, target: '<= 1000', met: result.lcpMs <= 1000 },
    ],
  };
}

/** The text-to-image gallery page with 8 images in Chromium: its LCP and the bytes before 8 thumbnails show. */
export async function benchGallerySection(system: RunningSystem): Promise<Section> {
  const result = await benchGallery(system);
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return {
    name: 'text-to-image gallery',
    runs: [],
    figures: {
      lcpMs: result.lcpMs,
      lcpRunsMs: result.lcpRunsMs.join(' '),
      lcpIsThumbnail: String(result.lcpIsThumbnail),
      lcpElement: result.lcpElement,
      kbBeforeThumbnails: kb(result.bytesBeforeThumbnails),
      kbRuns: result.bytesRuns.map(kb).join(' '),
      kbByKind: Object.entries(result.bytesByKind)
        .map(([kind, bytes]) => `${kind} ${kb(bytes)}`)
        .join(', '),
      thumbnailsKb: kb(result.thumbnailBytes),
      thumbnailsShownMs: result.thumbnailsShownMs,
      originalsBeforeThumbnails: result.originalsBeforeThumbnails,
      scrolledForThumbnails: String(result.scrolled),
    },
    targets: [
      { what: 'gallery LCP, median (ms)', value: result.lcpMs, target: '<= 1000', met: result.lcpMs <= 1000 },
      {
        what: 'full-size images loaded before the thumbnails showed',
        value: result.originalsBeforeThumbnails,
        target: '= 0',
        met: result.originalsBeforeThumbnails === 0,
      },
    ],
  };
}

export const EFFECTS_SECTION = 'photo effects (10 MB upload, local color correction)';

/**
 * A 10 MB photo through local color correction: through the gateway against straight to the image service, and the
 * peak memory of both with 4 such uploads at once (target: at most 4× the payload per upload in flight).
 */
export async function benchEffectsSection(system: RunningSystem): Promise<Section> {
  const apiUrl = benchApiUrl(system);
  const result = await benchEffects(system, await signUpMember(apiUrl));
  return {
    name: EFFECTS_SECTION,
    runs: [],
    figures: { ...result },
    targets: [
      {
        what: `gateway peak memory per upload in flight, ${result.concurrent} at once (× payload)`,
        value: result.gatewayPerUploadXPayload,
        target: '<= 4',
        met: result.gatewayPerUploadXPayload <= 4,
      },
      {
        what: `image service peak memory per upload in flight, ${result.concurrent} at once (× payload)`,
        value: result.imagePerUploadXPayload,
        target: '<= 4',
        met: result.imagePerUploadXPayload <= 4,
      },
    ],
  };
}

/**
 * Peak memory per upload in flight for every service that takes files: 4 refused uploads of the largest file at once,
 * straight to the service; target: no more than the body budget's estimate of one upload (docs/limits.md).
 */
export async function benchUploadMemorySection(system: RunningSystem): Promise<Section> {
  const apiUrl = benchApiUrl(system);
  const results = await benchUploadMemory(system, await signUpMember(apiUrl, 'uploads'));
  return {
    name: 'upload memory (refused uploads of the largest file, straight to each service)',
    runs: [],
    figures: Object.fromEntries(
      results.map((result) => [
        result.service,
        `${result.read} of ${result.concurrent} read, ${result.bodyMb} MB bodies, RSS ${result.startRssMb} → ${result.peakRssMb} MB`,
      ]),
    ),
    targets: results.map((result) => ({
      what: `${result.service} peak memory per upload in flight, ${result.concurrent} at once (MB per upload)`,
      value: result.mbPerUpload,
      target: `<= ${result.budgetMbPerUpload}`,
      met: result.mbPerUpload <= result.budgetMbPerUpload,
    })),
  };
}
