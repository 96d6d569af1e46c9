// Benchmark of offline text to speech (eSpeak NG in WebAssembly, MP3 with lamejs) in the real voice service behind
// the real gateway, with no provider key:
// - seconds of speech produced per second of CPU the voice process spent (its worker threads included), for a
//   2000-character text, best of a few runs (the first warms the worker threads);
// - the voice process's peak resident memory while 4 such texts are spoken at once (sampled from /proc every 50 ms),
//   next to its resident memory before.
import { API_ROUTES, LIMITS } from '@act/contracts';
import { processCpuMs } from '@act/service-kit/testing';
import { withMemoryPeaks } from './memory-peaks';

/** Credits one member needs for the runs below (30 each: a warm-up, `runs` measured runs and one concurrent). */
export function voiceBenchCredits(runs = 3): number {
  return 30 * (runs + 2);
}

export interface VoiceBenchOptions {
  apiUrl: string;
  /** Access tokens of members with credits for every run (30 each): one per concurrent request. */
  tokens: string[];
  voicePid: number;
  /** Single runs measured for the CPU figure (default 3). */
  runs?: number;
}

export interface VoiceBenchResult {
  textChars: number;
  speechSeconds: number;
  cpuSeconds: number;
  speechSecondsPerCpuSecond: number;
  wallSeconds: number;
  concurrent: number;
  concurrentWallSeconds: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

const TEXT = [
  'The lighthouse keeper climbed the spiral stairs every evening, counting the steps out of habit rather than need.',
  'At the top he wiped the salt from the great lens, trimmed the wick and waited for the sun to touch the water.',
  'Ships he would never meet passed far out on the horizon, their lights small and steady, trusting his beam.',
  'In the winter the storms came one after another, and the whole tower hummed like a bell when the wind rose.',
  'He kept a log of every night: the weather, the ships, the birds that rested on the railing before moving on.',
  'Years later a student found the books in a museum archive and read them all, one careful page at a time.',
  'She wrote that the entries were short and plain, yet together they told the story of a quiet, faithful life.',
  'Nothing remarkable happened on most nights, and that, she decided, was exactly the point of the whole job.',
  'A light that shines the same way every night lets everyone else take risks, sail further and come home safe.',
  'When the tower was finally automated, the village held a small party, and the old keeper gave a short speech.',
  'He thanked the sea for its patience, the ships for their trust, and the birds for keeping him company so long.',
  'Then he walked home along the cliff path, and for the first time in forty years he did not look back at the lamp.',
  'The new machine blinked on at dusk without anyone climbing the stairs, and the ships far out saw no difference.',
  'Only the birds seemed to notice, circling once more than usual before they settled on the empty railing to rest.',
  'People still visit the cliff on summer evenings to watch the beam sweep the water, steady as it always was then.',
  'And some of them, without quite knowing why, count the steps on the way up, just as he used to every night.',
  'The museum keeps his logbooks behind glass now, open at a page about a calm night with a single passing ship.',
  'Visitors lean close to read the neat handwriting and smile, because nothing happened, and everyone came home.',
  'Outside, the beam keeps turning over the dark water, as patient as the man who once climbed up to tend it.',
]
  .join(' ')
  .slice(0, LIMITS.ttsText);

interface SpeechReply {
  success: boolean;
  clip?: { durationSeconds: number | null };
  error?: string;
}

async function speak(apiUrl: string, token: string): Promise<number> {
  const response = await fetch(`${apiUrl}${API_ROUTES.voice.textToSpeech}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ text: TEXT, voiceId: 'local-en-us-m' }),
  });
  const body = (await response.json()) as SpeechReply;
  if (!response.ok || !body.success || !body.clip?.durationSeconds) {
    throw new Error(`text to speech answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.clip.durationSeconds;
}

const cpuSeconds = async (pid: number) => (await processCpuMs(pid)) / 1000;
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function benchVoice({
  apiUrl,
  tokens,
  voicePid,
  runs = 3,
}: VoiceBenchOptions): Promise<VoiceBenchResult> {
  const [first] = tokens;
  if (!first) throw new Error('the voice bench needs at least one member');

  // Warm the worker threads (module load, WebAssembly compile), then keep the best run.
  await speak(apiUrl, first);
  let best: { speech: number; cpu: number; wall: number } | undefined;
  for (let i = 0; i < runs; i++) {
    const cpuBefore = await cpuSeconds(voicePid);
    const started = performance.now();
    const speech = await speak(apiUrl, first);
    const wall = (performance.now() - started) / 1000;
    const cpu = (await cpuSeconds(voicePid)) - cpuBefore;
    if (!best || speech / cpu > best.speech / best.cpu) best = { speech, cpu, wall };
  }

  const concurrent = Math.min(4, tokens.length);
  const started = performance.now();
  const {
    peaksKb: [peakKb],
    beforeKb: [beforeKb],
  } = await withMemoryPeaks([voicePid], 50, () =>
    Promise.all(tokens.slice(0, concurrent).map((token) => speak(apiUrl, token))),
  );
  const peak = peakKb! / 1024;
  const rssBefore = beforeKb! / 1024;
  const concurrentWall = (performance.now() - started) / 1000;

  return {
    textChars: TEXT.length,
    speechSeconds: round(best!.speech),
    cpuSeconds: round(best!.cpu),
    speechSecondsPerCpuSecond: round(best!.speech / best!.cpu, 1),
    wallSeconds: round(best!.wall),
    concurrent,
    concurrentWallSeconds: round(concurrentWall),
    rssBeforeMb: round(rssBefore, 0),
    peakRssMb: round(peak, 0),
  };
}
