// Reading the page a web chat is about: fetched by safeFetch (no private address, 5 MB, 15 s, at most 5 redirects),
// then its readable text: HTML through @mozilla/readability on a linkedom DOM (scripts never run), plain text as it
// is, PDF through PDF.js (page and size caps). A page that cannot be read is a 400 with a plain reason; nothing has
// been reserved by then.
import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { AppError } from '@act/service-kit';
import { extractPdfText } from '@act/service-kit/media';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from '@act/service-kit/safe-fetch';
import { splitPassages } from './passages';

export interface WebPage {
  /** The address after redirects. */
  url: string;
  title: string;
  passages: string[];
}

/** What the service passes on to safeFetch: the resolver (tests) and loopback (tests and e2e only). */
export type PageFetchOptions = Pick<
  SafeFetchOptions,
  'allowLoopback' | 'resolve' | 'timeoutMs' | 'maxBytes' | 'signal'
>;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const TEXT_TYPES = new Set(['text/plain', 'text/markdown']);
const PDF_TYPE = 'application/pdf';
/** Elements Readability may look at: bounds its work on a hostile page. */
const MAX_ELEMENTS = 100_000;
/** Readable text kept with a session (a 5 MB page of text would be a 5 MB row); the rest is left out. */
const PAGE_TEXT_MAX_CHARS = 1_000_000;

const C = ERROR_TEXTS.chat;

function refused(text: string, cause?: unknown): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, text, { details: { field: 'url' }, cause });
}

function refusalOf(error: SafeFetchError): AppError {
  switch (error.reason) {
    case 'blocked':
    case 'scheme':
      return refused(C.webPageBlocked, error);
    case 'port':
      return refused(C.webPagePort, error);
    case 'too-large':
      return refused(C.webPageTooLarge, error);
    case 'timeout':
      return refused(C.webPageTimeout, error);
    case 'type':
      return refused(C.webPageType, error);
    case 'too-many-redirects':
      return refused(C.webPageTooManyRedirects, error);
    default:
      return refused(C.fetchWebPage, error);
  }
}

/** The charset a page declares in its first bytes (`<meta charset>` or `http-equiv` content type), if any. */
function declaredCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 2048).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1];
}

function decodeText(body: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? declaredCharset(body) ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, blockquote, pre, td, th, dt, dd, figcaption';

/** Readable text of an HTML page, one paragraph per block element (Readability's textContent runs blocks together). */
export function readableHtml(html: string, url: string): { title: string; text: string } {
  // A <base> makes relative links absolute; linkedom has no document URL of its own.
  const { document } = parseHTML(
    html.replace(/<head([^>]*)>/i, `<head$1><base href="${url.replace(/"/g, '')}">`),
  );
  const fallbackTitle = (document.querySelector('title')?.textContent ?? '').trim();
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
    maxElemsToParse: MAX_ELEMENTS,
  }).parse();
  let text = '';
  let title = fallbackTitle;
  if (article?.content) {
    title = (article.title ?? '').trim() || fallbackTitle;
    const { document: content } = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`);
    const blocks = [...content.querySelectorAll(BLOCKS)]
      // A block inside another block is read with its parent.
      .filter((element) => !element.parentElement?.closest(BLOCKS))
      .map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    text = blocks.length > 0 ? blocks.join('\n\n') : (article.textContent ?? '');
  }
  if (!text.trim()) text = (document.body?.textContent ?? '').replace(/[ \t]+/g, ' ');
  return { title, text };
}

export async function readWebPage(url: string, options: PageFetchOptions = {}): Promise<WebPage> {
  return (await readSizedWebPage(url, options)).page;
}

/** The page and how many bytes were fetched for it (Deep Search caps the bytes of all its pages together). */
export async function readSizedWebPage(
  url: string,
  options: PageFetchOptions = {},
): Promise<{ page: WebPage; bytes: number }> {
  let fetched;
  try {
    fetched = await safeFetch(url, {
      ...options,
      acceptType: (type) => HTML_TYPES.has(type) || TEXT_TYPES.has(type) || type === PDF_TYPE || type === '',
    });
  } catch (error) {
    if (error instanceof SafeFetchError) throw refusalOf(error);
    throw refused(C.fetchWebPage, error);
  }
  const host = new URL(fetched.url).host;
  let title = host;
  let text: string;
  const isPdf =
    fetched.contentType === PDF_TYPE || fetched.body.subarray(0, 5).toString('latin1') === '%PDF-';
  if (isPdf) {
    try {
      const pdf = await extractPdfText(fetched.body, { maxChars: PAGE_TEXT_MAX_CHARS });
      text = pdf.pages.join('\n\n');
    } catch (error) {
      throw refused(C.fetchWebPage, error);
    }
    title = decodeURIComponent(new URL(fetched.url).pathname.split('/').pop() || host);
  } else {
    const decoded = decodeText(fetched.body, fetched.charset);
    const looksHtml = HTML_TYPES.has(fetched.contentType) || /^\s*<(!doctype|html)/i.test(decoded);
    if (looksHtml) {
      const readable = readableHtml(decoded, fetched.url);
      text = readable.text;
      title = readable.title || host;
    } else text = decoded;
  }
  const passages = splitPassages(text.slice(0, PAGE_TEXT_MAX_CHARS));
  if (passages.length === 0) throw refused(C.webPageEmpty);
  return { page: { url: fetched.url, title: title.slice(0, 200), passages }, bytes: fetched.body.length };
}
