// A local stand-in for fal's queue API, in fal's wire format, for the provider's and the service's tests and the
// e2e launcher (FAL_BASE_URL points at it; every `https://queue.fal.run/...` request of @fal-ai/client lands here):
// - POST /<endpoint id>                       → IN_QUEUE with request_id (header x-fal-request-id), queue_position
// - GET  /<owner>/<app>/requests/<id>/status  → IN_QUEUE (position 1), IN_PROGRESS with a `Step n/2` log, COMPLETED
// - GET  /<owner>/<app>/requests/<id>         → { images: [{ url, width, height, content_type }], seed, prompt }:
//   `num_images` of them (at most `maxImages`, to play a provider that returns fewer than asked for)
// - PUT  /<owner>/<app>/requests/<id>/cancel  → 202, recorded
// - GET  /files/<id>[-n].png                  → a real PNG of the size the input asked for (image_size, or the size
//   fal's aspect-ratio models return for aspect_ratio; the `image_url`'s size for an edit, times `scale` for an
//   upscaler), drawn from the prompt so different prompts differ
// `mode` makes the next requests fail (the result answers 500), stall (IN_PROGRESS forever) or succeed.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openImage } from '@act/service-kit/media';

export type FakeFalMode = 'ok' | 'fail' | 'stall';

export interface FakeFalRequest {
  id: string;
  /** The endpoint id the request was submitted to (e.g. fal-ai/flux/schnell). */
  endpoint: string;
  input: Record<string, unknown>;
  /** The Authorization header sent (`Key <FAL_KEY>`). */
  authorization: string | undefined;
  mode: FakeFalMode;
  /** The most images this request's result lists. */
  maxImages: number;
  polls: number;
  cancelled: boolean;
  width: number;
  height: number;
}

export interface FakeFal {
  baseUrl: string;
  /** Every submitted request, oldest first. */
  requests: FakeFalRequest[];
  /** How the requests submitted from now on end. */
  mode: FakeFalMode;
  /** The most images one result lists, whatever `num_images` asked for (reset: no cap). */
  maxImages: number;
  reset(): void;
  close(): Promise<void>;
}

/** The sizes fal's aspect-ratio models return (Imagen 4 and Kontext at 1K). */
const ASPECT_SIZES: Record<string, [number, number]> = {
  '1:1': [1024, 1024],
  '16:9': [1408, 768],
  '9:16': [768, 1408],
  '21:9': [1568, 672],
  '4:3': [1184, 896],
  '3:4': [896, 1184],
};

async function sizeOf(input: Record<string, unknown>): Promise<[number, number]> {
  const size = input.image_size as { width?: unknown; height?: unknown } | undefined;
  if (size && typeof size.width === 'number' && typeof size.height === 'number')
    return [size.width, size.height];
  // An edit or an upscale: the size of the picture sent (a data URI), times the scale asked for.
  const source = typeof input.image_url === 'string' ? input.image_url : '';
  if (source.startsWith('data:')) {
    const meta = await openImage(Buffer.from(source.slice(source.indexOf(',') + 1), 'base64')).metadata();
    const scale = typeof input.scale === 'number' ? input.scale : 1;
    return [(meta.width ?? 1) * scale, (meta.height ?? 1) * scale];
  }
  return ASPECT_SIZES[String(input.aspect_ratio)] ?? [1024, 1024];
}

function colourOf(text: string): string {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `#${(hash & 0xffffff).toString(16).padStart(6, '0')}`;
}

async function pngOf(request: FakeFalRequest): Promise<Buffer> {
  const { width, height } = request;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colourOf(String(request.input.prompt))}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#ffffff"/></svg>`;
  return openImage(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startFakeFal(port = 0): Promise<FakeFal> {
  const requests: FakeFalRequest[] = [];
  const byId = new Map<string, FakeFalRequest>();
  const state = { mode: 'ok' as FakeFalMode, maxImages: Number.POSITIVE_INFINITY };
  let baseUrl = '';

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { detail: String(error) });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', baseUrl);
    const path = url.pathname;
    const file = /^\/files\/([0-9a-f-]{36})(?:-\d+)?\.png$/.exec(path);
    if (file && req.method === 'GET') {
      const request = byId.get(file[1] ?? '');
      if (!request) return json(res, 404, { detail: 'Not found' });
      const png = await pngOf(request);
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
      res.end(png);
      return;
    }
    const queued = /^\/(.+?)\/requests\/([0-9a-f-]{36})(\/status|\/cancel)?$/.exec(path);
    if (queued) {
      const request = byId.get(queued[2] ?? '');
      if (!request) return json(res, 404, { detail: 'Request not found' });
      const urls = {
        request_id: request.id,
        response_url: `${baseUrl}/${queued[1]}/requests/${request.id}`,
        status_url: `${baseUrl}/${queued[1]}/requests/${request.id}/status`,
        cancel_url: `${baseUrl}/${queued[1]}/requests/${request.id}/cancel`,
      };
      if (queued[3] === '/cancel' && req.method === 'PUT') {
        request.cancelled = true;
        return json(res, 202, { status: 'CANCELLATION_REQUESTED' });
      }
      if (queued[3] === '/status' && req.method === 'GET') {
        request.polls += 1;
        if (request.polls === 1) return json(res, 200, { ...urls, status: 'IN_QUEUE', queue_position: 1 });
        if (request.mode === 'stall' || request.polls === 2) {
          const logs = [
            { message: 'Step 1/2', level: 'INFO', source: 'USER', timestamp: new Date().toISOString() },
          ];
          return json(res, 200, { ...urls, status: 'IN_PROGRESS', logs });
        }
        return json(res, 200, { ...urls, status: 'COMPLETED', logs: [], metrics: { inference_time: 0.1 } });
      }
      if (!queued[3] && req.method === 'GET') {
        if (request.mode === 'fail')
          return json(res, 500, { detail: 'The model failed to generate an image' });
        const asked = typeof request.input.num_images === 'number' ? request.input.num_images : 1;
        const count = Math.max(1, Math.min(asked, request.maxImages));
        return json(
          res,
          200,
          {
            images: Array.from({ length: count }, (_, n) => ({
              url: `${baseUrl}/files/${request.id}${n === 0 ? '' : `-${n}`}.png`,
              width: request.width,
              height: request.height,
              content_type: 'image/png',
            })),
            seed: request.input.seed,
            prompt: request.input.prompt,
            has_nsfw_concepts: [false],
          },
          { 'x-fal-request-id': request.id },
        );
      }
      return json(res, 405, { detail: 'Method not allowed' });
    }
    if (req.method === 'POST' && /^\/[\w.-]+\/[\w./-]+$/.test(path)) {
      const input = await bodyOf(req);
      const [width, height] = await sizeOf(input);
      const request: FakeFalRequest = {
        id: randomUUID(),
        endpoint: path.slice(1),
        input,
        authorization: req.headers.authorization,
        mode: state.mode,
        maxImages: state.maxImages,
        polls: 0,
        cancelled: false,
        width,
        height,
      };
      requests.push(request);
      byId.set(request.id, request);
      const [owner, app] = request.endpoint.split('/');
      return json(
        res,
        200,
        {
          status: 'IN_QUEUE',
          request_id: request.id,
          response_url: `${baseUrl}/${owner}/${app}/requests/${request.id}`,
          status_url: `${baseUrl}/${owner}/${app}/requests/${request.id}/status`,
          cancel_url: `${baseUrl}/${owner}/${app}/requests/${request.id}/cancel`,
          queue_position: 2,
        },
        { 'x-fal-request-id': request.id },
      );
    }
    return json(res, 404, { detail: 'Not found' });
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    requests,
    get mode() {
      return state.mode;
    },
    set mode(mode: FakeFalMode) {
      state.mode = mode;
    },
    get maxImages() {
      return state.maxImages;
    },
    set maxImages(count: number) {
      state.maxImages = count;
    },
    reset() {
      requests.length = 0;
      byId.clear();
      state.mode = 'ok';
      state.maxImages = Number.POSITIVE_INFINITY;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
