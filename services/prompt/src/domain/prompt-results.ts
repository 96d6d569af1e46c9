// A member's stored prompt-tool results (issue 37, docs/product-rules.md#prompt-results): what is kept of a run (the
// input summary and the result), its library event, and the list, reopen and delete (one delete code path for
// `DELETE /api/prompt/results/:id` and the library's `library.delete.prompt` request).
import {
  PROMPT_RESULT_IMAGE_INPUT,
  PROMPT_RESULT_LIMITS,
  type PromptResult,
  type PromptResultTool,
} from '@act/contracts';
import { CREATION_TEXT_CHARS } from '@act/contracts/server';
import { type CreationAnnouncer, type CreationOf, type Db, type Page } from '@act/service-kit';
import { resultsById, type ResultRecord, type ResultStore } from '../db/result-store';

/** Where the tool's page reopens a result. */
export function resultOpenUrl(tool: PromptResultTool, id: string): string {
  return `/tools/${tool}?open=${id}`;
}

/** What is kept of a run's input: the text typed, cut, or "Image" (the image itself is never kept). */
export function inputSummary(input: { text: string } | 'image'): string {
  return input === 'image' ? PROMPT_RESULT_IMAGE_INPUT : input.text.slice(0, PROMPT_RESULT_LIMITS.inputChars);
}

/** A library card's title: the result's first line, cut. */
const TITLE_CHARS = 120;

export function resultCreation(row: ResultRecord): CreationOf {
  const firstLine = row.result.trim().split('\n', 1)[0] ?? '';
  return {
    id: row.id,
    userId: row.user_id,
    kind: 'prompt',
    tool: row.tool,
    title: firstLine.slice(0, TITLE_CHARS),
    text: row.result.slice(0, CREATION_TEXT_CHARS),
    openUrl: resultOpenUrl(row.tool, row.id),
    createdAt: row.created_at.toISOString(),
  };
}

export function presentResult(row: ResultRecord): PromptResult {
  return {
    id: row.id,
    tool: row.tool,
    input: row.input,
    text: row.result,
    createdAt: row.created_at.toISOString(),
  };
}

export interface PromptResults {
  list(
    userId: string,
    filter: { tool?: PromptResultTool | undefined; cursor?: string | undefined; limit: number },
  ): Promise<Page<PromptResult>>;
  find(userId: string, id: string): Promise<PromptResult>;
  /** Deletes the member's result (another member's id, or none, is a 404): the endpoint's and the library's delete. */
  remove(userId: string, id: string): Promise<void>;
}

/** The stored results as the library's backfill announces them (service-kit startCreationOwner). */
export async function resultBackfillPage(db: Db, after: string | null, limit: number): Promise<CreationOf[]> {
  return (await resultsById(db, after, limit)).map(resultCreation);
}

export function createPromptResults(deps: {
  store: ResultStore;
  creations: CreationAnnouncer;
}): PromptResults {
  const { store, creations } = deps;
  return {
    async list(userId, filter) {
      const page = await store.list(userId, filter);
      return { items: page.items.map(presentResult), nextCursor: page.nextCursor };
    },
    find: async (userId, id) => presentResult(await store.find(userId, id)),
    remove: (userId, id) => store.remove(userId, id, creations),
  };
}
