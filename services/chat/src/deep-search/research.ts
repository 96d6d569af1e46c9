// Deep Search's research (docs/architecture.md#deep-search): the question becomes a plan of search queries (the
// LLM), each query is searched (the search provider), the best pages are read with the web chat's safe reader and
// settings, and their passages ranked against the question; what comes out is the prompt the report is written from,
// with the pages numbered as its sources. Bounded: at most `maxSearches` searches and `maxPages` pages, `maxMs` for
// searching (at most half of it) and reading together (the pages read by then are used) and `maxBytes` fetched over all pages.
import { ERROR_TEXTS, LIMITS, type Citation, type ChatStreamStepEvent } from '@act/contracts';
import { isAppError, selectPassages, type Logger } from '@act/service-kit';
import type { ChatProvider, ProviderMessage } from '../providers/types';
import { passageCitation } from '../web/citations';
import { readSizedWebPage, type PageFetchOptions, type WebPage } from '../web/page-reader';
import {
  combineSources,
  earlierConversation,
  earlierSourceBlock,
  FOLLOW_UP_PLAN,
  FOLLOW_UP_PROMPT,
  type EarlierReport,
} from './follow-up';
import type { SearchProvider, SearchResult } from './search-provider';

export interface DeepSearchLimits {
  maxSearches: number;
  maxPages: number;
  maxMs: number;
  maxBytes: number;
}

export interface DeepSearchDeps {
  search: SearchProvider;
  /** The upstream model that plans and writes. */
  model: string;
  limits: DeepSearchLimits;
  /** The web chat's page fetching settings, unchanged. */
  webFetch: PageFetchOptions;
}

export interface Research {
  /** What the model reads to write the report: its instructions with the numbered pages, then the question. */
  messages: ProviderMessage[];
  /** `[n]` in the report points at sources[n-1]: the n-th page read, linked by its exact address. */
  sources: Citation[];
}

export interface ResearchRun {
  signal: AbortSignal;
  provider: ChatProvider;
  step(event: Omit<ChatStreamStepEvent, 'type'>): void;
  log: () => Logger;
}

/** Why research ended without pages to write from (the reply fails, free). */
export class NoSourcesError extends Error {
  constructor() {
    super('no page could be read');
    this.name = 'NoSourcesError';
  }
}

/** Results asked for per search; more than the pages read, since some cannot be read. */
const RESULTS_PER_SEARCH = 8;
/** A page fetch is never given more than the web chat's own cap. */
const PAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Below this much byte budget no further page is fetched. */
const MIN_PAGE_BYTES = 64 * 1024;
const QUERY_MAX_CHARS = 200;
/** Pages read at once. */
const READ_CONCURRENCY = 3;

const PLAN_PROMPT = (max: number) =>
  `You plan web research. Break the member's question into at most ${max} short web search queries that together ` +
  'cover it (the first one the most direct). Answer with the queries only, one per line, no numbering, no quotes, ' +
  'no other text.';

/** The queries of the model's plan: one a line, numbering and quotes removed, duplicates and blanks left out. */
export function parsePlan(text: string, question: string, max: number): string[] {
  const queries: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.split('\n')) {
    const query = raw
      .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')
      .replace(/^["'`]+|["'`]+$/g, '')
      .trim()
      .slice(0, QUERY_MAX_CHARS);
    const key = query.toLowerCase();
    if (query.length < 2 || seen.has(key)) continue;
    seen.add(key);
    queries.push(query);
    if (queries.length >= max) break;
  }
  return queries.length > 0 ? queries : [question.slice(0, QUERY_MAX_CHARS)];
}

async function plan(
  question: string,
  deps: DeepSearchDeps,
  run: ResearchRun,
  earlier: readonly EarlierReport[],
): Promise<string[]> {
  let text = '';
  // A follow-up's plan knows the earlier questions, so it searches for what is new.
  const before = earlier.map((report) => `Earlier question: ${report.question}`).join('\n');
  try {
    await run.provider.stream({
      model: deps.model,
      messages: [
        {
          role: 'system',
          content: PLAN_PROMPT(deps.limits.maxSearches) + (earlier.length > 0 ? ` ${FOLLOW_UP_PLAN}` : ''),
        },
        { role: 'user', content: before ? `${before}\n\nFollow-up question: ${question}` : question },
      ],
      signal: run.signal,
      onText: (chunk) => {
        text += chunk;
      },
      onReasoning: () => undefined,
    });
  } catch (error) {
    if (run.signal.aborted) throw error;
    // The plan is a help, not a need: without it the question itself is searched (the report's own call decides).
    run.log().warn({ err: error }, 'deep search plan failed; searching the question');
  }
  return parsePlan(text, question, deps.limits.maxSearches);
}

/** The address a page is known by: without its fragment, so one page is read once. */
function pageKey(url: string): string {
  return url.split('#')[0]!;
}

/** The results of all searches, taken in turns (each query's best first), without repeats. */
function interleave(lists: SearchResult[][]): SearchResult[] {
  const picked: SearchResult[] = [];
  const seen = new Set<string>();
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let rank = 0; rank < longest; rank += 1) {
    for (const list of lists) {
      const result = list[rank];
      if (!result || seen.has(pageKey(result.url))) continue;
      seen.add(pageKey(result.url));
      picked.push(result);
    }
  }
  return picked;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Reads candidates until `maxPages` are read, the budget is spent or the time is up; failures are skipped. */
async function readPages(
  candidates: SearchResult[],
  deps: DeepSearchDeps,
  run: ResearchRun,
  signal: AbortSignal,
): Promise<WebPage[]> {
  const { maxPages } = deps.limits;
  let budget = deps.limits.maxBytes;
  const pages: WebPage[] = [];
  const seen = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (!signal.aborted && pages.length < maxPages && next < candidates.length) {
      // Shared so that the pages read at once each get a fair part of the budget.
      const allotted = Math.min(PAGE_MAX_BYTES, Math.floor(deps.limits.maxBytes / READ_CONCURRENCY), budget);
      if (allotted < MIN_PAGE_BYTES) return;
      // Held while the fetch runs, so pages read together never exceed the budget; given back once the size is known.
      budget -= allotted;
      const candidate = candidates[next]!;
      next += 1;
      run.step({ step: 'reading', detail: hostOf(candidate.url) });
      try {
        const { page, bytes } = await readSizedWebPage(candidate.url, {
          ...deps.webFetch,
          maxBytes: allotted,
          signal,
        });
        budget += allotted - bytes;
        // A redirect may land on a page already read.
        if (seen.has(pageKey(page.url)) || pages.length >= maxPages) continue;
        seen.add(pageKey(page.url));
        pages.push(page);
      } catch (error) {
        // Refused (a private address, too large, not a page…) or cut by the time limit: skipped. Refused before any
        // byte was read, it gives its part of the budget back; otherwise that part counts as spent.
        if (refusedBeforeReading(error)) budget += allotted;
        run.log().info({ err: error, url: candidate.url }, 'deep search skipped a page');
      }
    }
  };
  await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
  return pages.slice(0, maxPages);
}

/** The safe reader's refusals that come before the body is read (the address, its port, its content type). */
function refusedBeforeReading(error: unknown): boolean {
  const { webPageBlocked, webPagePort, webPageType } = ERROR_TEXTS.chat;
  return (
    isAppError(error) && ([webPageBlocked, webPagePort, webPageType] as string[]).includes(error.message)
  );
}

const WRITE_PROMPT =
  'You are a careful research assistant. Write a clear, well-structured report in Markdown that answers the ' +
  "member's question using only the numbered sources below (passages of web pages, the most related first). Start " +
  'with a short direct answer, then the details under headings. Cite every source you use with its number in square ' +
  'brackets, like [2], right after the sentence it supports. Where sources disagree, say so; where they do not ' +
  'answer something, say what is missing instead of guessing. Do not add a list of sources at the end. Write in the ' +
  'language of the question.';

/**
 * The report's prompt: each page's passages most related to the question and the plan, cut to share the context; a
 * follow-up's also carries the earlier reports (as the conversation before it) and their sources after the new pages.
 */
export function reportPrompt(
  question: string,
  queries: string[],
  pages: WebPage[],
  earlier: readonly EarlierReport[] = [],
): Research {
  const query = [question, ...queries].join(' ');
  const share = Math.floor(LIMITS.modelDocumentChars / Math.max(1, pages.length));
  const blocks: string[] = [];
  const sources: Citation[] = [];
  pages.forEach((page, index) => {
    const chosen = selectPassages(page.passages, query, share);
    const text = chosen.map((passage) => page.passages[passage]).join('\n\n');
    blocks.push(`[${index + 1}] ${page.title} (${page.url})\n\n${text}`);
    const best = chosen[0];
    // Each citation opens the exact page read (not a fragment of it): the report cites pages, not passages.
    const citation =
      best === undefined ? { url: page.url, title: page.title } : passageCitation(page, page.passages[best]!);
    sources.push({ ...citation, url: page.url });
  });
  const combined = combineSources(sources, earlier);
  combined.sources.slice(sources.length).forEach((source, index) => {
    blocks.push(earlierSourceBlock(source, sources.length + index + 1));
  });
  const instructions = earlier.length > 0 ? `${WRITE_PROMPT} ${FOLLOW_UP_PROMPT}` : WRITE_PROMPT;
  return {
    messages: [
      { role: 'system', content: `${instructions}\n\nSources:\n\n${blocks.join('\n\n---\n\n')}` },
      ...earlierConversation(combined.renumbered),
      { role: 'user', content: question },
    ],
    sources: combined.sources,
  };
}

/**
 * Plans, searches and reads for `question` (a follow-up of `earlier` reports of its session). Resolves with the report's prompt; rejects with NoSourcesError when no
 * page could be read (every search failed or returned nothing readable), or with the stop when `run.signal` aborted.
 */
export async function research(
  question: string,
  deps: DeepSearchDeps,
  run: ResearchRun,
  earlier: readonly EarlierReport[] = [],
): Promise<Research> {
  run.step({ step: 'planning' });
  const queries = await plan(question, deps, run, earlier);
  // Searching and reading share one time limit, searching at most half of it (a hanging provider leaves time to read
  // what the other searches found); the member's stop ends them too.
  const signal = AbortSignal.any([run.signal, AbortSignal.timeout(deps.limits.maxMs)]);
  const searching = AbortSignal.any([signal, AbortSignal.timeout(Math.floor(deps.limits.maxMs / 2))]);
  const lists: SearchResult[][] = [];
  for (const query of queries.slice(0, deps.limits.maxSearches)) {
    if (searching.aborted) break;
    run.step({ step: 'searching', detail: query });
    try {
      lists.push(await deps.search.search(query, { signal: searching, count: RESULTS_PER_SEARCH }));
    } catch (error) {
      if (run.signal.aborted) throw error;
      // One failed search (hung, junk, down) costs its results only.
      run.log().warn({ err: error, query }, 'deep search query failed');
    }
  }
  const pages = await readPages(interleave(lists), deps, run, signal);
  run.signal.throwIfAborted();
  // A follow-up may be written from the earlier sources alone; a first report needs a page.
  if (pages.length === 0 && !earlier.some((report) => report.sources.length > 0)) throw new NoSourcesError();
  return reportPrompt(question, queries, pages, earlier);
}
