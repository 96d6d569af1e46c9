// A local stand-in for ElevenLabs that speaks its HTTP API, so tests run the real SDK client: GET /v1/voices,
// POST /v1/text-to-speech/:voiceId, /v1/sound-generation, /v1/audio-isolation (multipart), /v1/speech-to-speech/
// :voiceId (multipart), /v1/speech-to-text (multipart: model_id and file; answers FAKE_TRANSCRIPT) and the voices'
// preview files. Audio answers are real MP3s (a tone, as long as asked for
// where the API takes a duration). It records requests and can be told to fail.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeMp3 } from '../engines/mp3';

export interface FakeVoice {
  voice_id: string;
  name: string;
  category: string;
  labels: Record<string, string>;
  description: string | null;
}

export const FAKE_VOICES: readonly FakeVoice[] = [
  {
    voice_id: 'pNInz6obpgDQGcFmaJgB',
    name: 'Adam',
    category: 'premade',
    labels: { accent: 'american', gender: 'male' },
    description: null,
  },
  {
    voice_id: '21m00Tcm4TlvDq8ikWAM',
    name: 'Rachel',
    category: 'premade',
    labels: { accent: 'american', gender: 'female' },
    description: null,
  },
];

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  apiKey: string | undefined;
  contentType: string | undefined;
  /** JSON bodies parsed; multipart bodies as their byte length. */
  body: unknown;
  /** A multipart body's fields: text fields as they are, files as `file:<name>:<type>:<bytes>`. */
  form?: Record<string, string>;
}

/** What the fake speech-to-text (both providers' fakes) hears in every recording. */
export const FAKE_TRANSCRIPT = 'Hello from the fake microphone';

/** The fields of a multipart body as RecordedRequest.form records them (the real parser of Node's fetch). */
export async function readMultipart(raw: Buffer, contentType: string): Promise<Record<string, string>> {
  const form = await new Response(new Uint8Array(raw), {
    headers: { 'content-type': contentType },
  }).formData();
  const fields: Record<string, string> = {};
  form.forEach((value, name) => {
    fields[name] = typeof value === 'string' ? value : `file:${value.name}:${value.type}:${value.size}`;
  });
  return fields;
}

export interface FakeElevenLabs {
  baseUrl: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** Every call to a path starting with this answers `status` (e.g. 500) until reset. */
  failPath: { prefix: string; status: number } | undefined;
  /** How long each audio call waits before answering (ms). */
  delayMs: number;
  reset(): void;
  close(): Promise<void>;
}

/** A real MP3: a 440 Hz tone of `seconds` at 44.1 kHz. */
export function toneMp3(seconds: number): Buffer {
  const rate = 44_100;
  const samples = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i++) samples[i] = 0.3 * Math.sin((2 * Math.PI * 440 * i) / rate);
  return encodeMp3({ samples, sampleRate: rate }, 64);
}

export async function startFakeElevenLabs(apiKey = 'el-test-key'): Promise<FakeElevenLabs> {
  const requests: RecordedRequest[] = [];
  let baseUrl = '';
  const fake: FakeElevenLabs = {
    baseUrl: '',
    apiKey,
    requests,
    failPath: undefined,
    delayMs: 0,
    reset() {
      requests.length = 0;
      fake.failPath = undefined;
      fake.delayMs = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const answerJson = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const answerAudio = async (res: http.ServerResponse, seconds: number) => {
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    const body = toneMp3(seconds);
    res.writeHead(200, {
      'content-type': 'audio/mpeg',
      'character-cost': '10',
      'request-id': `req-${requests.length}`,
    });
    res.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const raw = Buffer.concat(chunks);
        const contentType = req.headers['content-type'];
        let body: unknown = raw.length;
        if (contentType?.startsWith('application/json') && raw.length > 0)
          body = JSON.parse(raw.toString('utf8'));
        const key = req.headers['xi-api-key'];
        const form = contentType?.startsWith('multipart/form-data')
          ? await readMultipart(raw, contentType).catch(() => undefined)
          : undefined;
        requests.push({
          ...(form ? { form } : {}),
          method: req.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          apiKey: typeof key === 'string' ? key : undefined,
          contentType,
          body,
        });
        if (url.pathname.startsWith('/previews/')) return answerAudio(res, 1);
        if (key !== apiKey) {
          return answerJson(res, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
        }
        if (fake.failPath && url.pathname.startsWith(fake.failPath.prefix)) {
          return answerJson(res, fake.failPath.status, {
            detail: { status: 'error', message: 'Upstream failed' },
          });
        }
        const known = (id: string | undefined) => FAKE_VOICES.some((voice) => voice.voice_id === id);
        const segments = url.pathname.split('/').filter(Boolean);
        if (req.method === 'GET' && url.pathname === '/v1/voices') {
          return answerJson(res, 200, {
            voices: FAKE_VOICES.map((voice) => ({
              ...voice,
              preview_url: `${baseUrl}/previews/${voice.voice_id}.mp3`,
            })),
          });
        }
        if (req.method === 'POST' && segments[1] === 'text-to-speech' && segments.length === 3) {
          if (!known(segments[2])) return answerJson(res, 404, { detail: { status: 'voice_not_found' } });
          const text = (body as { text?: string }).text ?? '';
          return answerAudio(res, Math.max(0.5, text.length / 15));
        }
        if (req.method === 'POST' && url.pathname === '/v1/sound-generation') {
          const seconds = (body as { duration_seconds?: number }).duration_seconds ?? 3;
          return answerAudio(res, seconds);
        }
        if (req.method === 'POST' && url.pathname === '/v1/audio-isolation') return answerAudio(res, 2);
        if (req.method === 'POST' && url.pathname === '/v1/speech-to-text') {
          if (!form?.model_id || !form.file?.startsWith('file:')) {
            return answerJson(res, 422, {
              detail: { status: 'invalid_request', message: 'file and model_id' },
            });
          }
          if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
          return answerJson(res, 200, {
            language_code: 'eng',
            language_probability: 0.98,
            text: FAKE_TRANSCRIPT,
            words: [],
          });
        }
        if (req.method === 'POST' && segments[1] === 'speech-to-speech' && segments.length === 3) {
          if (!known(segments[2])) return answerJson(res, 404, { detail: { status: 'voice_not_found' } });
          return answerAudio(res, 2);
        }
        return answerJson(res, 404, { detail: 'Not Found' });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.baseUrl = baseUrl;
  return fake;
}
