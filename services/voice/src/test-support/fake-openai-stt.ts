// A local stand-in for an OpenAI-compatible speech-to-text server: `POST /v1/audio/transcriptions` (multipart: file,
// model, response_format) with a Bearer key, answering `{ text }` (FAKE_TRANSCRIPT). It records requests and can be
// told to fail, so tests check the wire format the real servers expect.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAKE_TRANSCRIPT, readMultipart } from './fake-elevenlabs';

export interface FakeOpenAiStt {
  /** The OPENAI_BASE_URL to use (ends in /v1). */
  baseUrl: string;
  apiKey: string;
  requests: Array<{ path: string; authorization: string | undefined; form: Record<string, string> }>;
  /** Status every call answers until reset (e.g. 500); undefined answers normally. */
  failStatus: number | undefined;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeOpenAiStt(apiKey = 'sk-test-stt'): Promise<FakeOpenAiStt> {
  const fake: FakeOpenAiStt = {
    baseUrl: '',
    apiKey,
    requests: [],
    failStatus: undefined,
    reset() {
      fake.requests.length = 0;
      fake.failStatus = undefined;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const contentType = req.headers['content-type'] ?? '';
        const form = contentType.startsWith('multipart/form-data')
          ? await readMultipart(Buffer.concat(chunks), contentType).catch(() => ({}))
          : {};
        const path = new URL(req.url ?? '/', 'http://fake').pathname;
        fake.requests.push({ path, authorization: req.headers.authorization, form });
        if (req.method !== 'POST' || path !== '/v1/audio/transcriptions') {
          return answer(res, 404, { error: { message: 'Not found' } });
        }
        if (req.headers.authorization !== `Bearer ${apiKey}`) {
          return answer(res, 401, {
            error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
          });
        }
        if (fake.failStatus) return answer(res, fake.failStatus, { error: { message: 'Upstream failed' } });
        const file = (form as Record<string, string>).file ?? '';
        if (!(form as Record<string, string>).model || !/^file:recording\.\w+:/.test(file)) {
          return answer(res, 400, { error: { message: "Missing 'file' or 'model'" } });
        }
        return answer(res, 200, { text: FAKE_TRANSCRIPT });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
