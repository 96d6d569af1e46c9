// Local web pages for the web chat's tests and the e2e run: an article (HTML with navigation and a script around
// the text Readability should keep), a plain-text page, a PDF, a redirect to any address, a 50 MB page, a slow page,
// an image. Served on 127.0.0.1; every connection is counted, so a test can prove a refused target was never
// reached (a second server, `secret`, stands for a private service that must never see a connection).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makePdf } from './pdf';

/** The article's paragraphs, in page order (tests look for them in answers and citations). */
export const TEST_ARTICLE = {
  title: 'The Lighthouse Keepers of Skerry Point',
  paragraphs: [
    'The lighthouse at Skerry Point was built in 1852 from granite quarried on the island itself. Its lamp could be seen twenty-two nautical miles out to sea on a clear night.',
    'Three keepers lived at the station at any time. They worked in four-hour watches, trimming the wicks, winding the clockwork that turned the lens, and logging the weather every hour.',
    'Supplies arrived by boat once a fortnight in summer, but winter storms could cut the station off for six weeks. The keepers kept a vegetable garden behind the tower to make the stores last.',
    'The light was automated in 1987. The last keeper, Margaret Doyle, rang the station bell one final time before boarding the supply boat to the mainland.',
  ],
} as const;

export const TEST_PLAIN_TEXT =
  'Tide tables for Skerry Point.\n\nHigh water on the first of May is at 06:42 and 19:05.\n\nLow water is at 00:31 and 12:55.';

export const TEST_PDF_PAGES = [
  'Skerry Point visitor guide. The tower is open to visitors from April to October.',
  'Tickets cost four pounds for adults. Children under twelve visit free of charge.',
] as const;

function articleHtml(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${TEST_ARTICLE.title} | Coast Stories</title>
<script>document.title = 'changed by a script that must never run';</script></head>
<body><nav><a href="/">Home</a> · <a href="/about">About</a> · <a href="/contact">Contact us</a></nav>
<main><article><h1>${TEST_ARTICLE.title}</h1>
${TEST_ARTICLE.paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
</article></main>
<footer><p>Copyright Coast Stories. All rights reserved. Subscribe to our newsletter.</p></footer></body></html>`;
}

export interface TestPages {
  /** `http://127.0.0.1:<port>` of the pages. */
  origin: string;
  /** A private service stand-in on 127.0.0.1: must never receive a connection when refused. */
  secretOrigin: string;
  url(path: string): string;
  /** A page that redirects (302) to `target`. */
  redirectTo(target: string): string;
  /** Connections each server received so far. */
  connections(): { pages: number; secret: number };
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * Paths: `/article` (HTML), `/tides.txt` (text/plain), `/guide.pdf` (application/pdf), `/redirect?to=<url>`,
 * `/huge` (50 MB of HTML, streamed), `/slow` (never ends), `/image.png` (an image, not a page), `/empty` (no text).
 */
export async function startTestPages(): Promise<TestPages> {
  const counts = { pages: 0, secret: 0 };
  const pdf = makePdf(TEST_PDF_PAGES);
  const pages = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://pages.test');
    switch (url.pathname) {
      case '/article':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(articleHtml());
      case '/tides.txt':
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end(TEST_PLAIN_TEXT);
      case '/guide.pdf':
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end(pdf);
      case '/redirect':
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        return res.end();
      case '/huge': {
        res.writeHead(200, { 'content-type': 'text/html' });
        const block = Buffer.alloc(1024 * 1024, 'a');
        let sent = 0;
        const write = () => {
          while (sent < 50 && !res.destroyed) {
            sent += 1;
            if (!res.write(block)) return void res.once('drain', write);
          }
          res.end();
        };
        return write();
      }
      case '/slow':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.write('<html><body><p>Loading');
      case '/image.png':
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(Buffer.from('89504e470d0a1a0a', 'hex'));
      case '/empty':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body><script>1</script></body></html>');
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('not found');
    }
  });
  const secret = createServer((_req, res) => res.end('internal secret'));
  pages.on('connection', () => (counts.pages += 1));
  secret.on('connection', () => (counts.secret += 1));
  const origin = `http://127.0.0.1:${await listen(pages)}`;
  const secretOrigin = `http://127.0.0.1:${await listen(secret)}`;
  return {
    origin,
    secretOrigin,
    url: (path) => `${origin}${path}`,
    redirectTo: (target) => `${origin}/redirect?to=${encodeURIComponent(target)}`,
    connections: () => ({ ...counts }),
    async close() {
      for (const server of [pages, secret]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}
