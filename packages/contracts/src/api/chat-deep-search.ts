// Deep Search (docs/product-rules.md#deep-search): its request, its report as JSON, its status and its own words.
import { z } from 'zod';
import { CitationSchema } from './citation';
import { QuestionFieldSchema, successReply, ToolNameFieldSchema } from './common';
import { chatReplyFields, projectField } from './chat-send';

/**
 * POST deep-search (docs/product-rules.md#deep-search): a question in, a researched report out (a new session, or
 * with `sessionId` a follow-up in that report's session). Streamed, its steps come as `step` events before the
 * report's text.
 */
export const DeepSearchRequestSchema = z.object({
  question: QuestionFieldSchema,
  toolName: ToolNameFieldSchema,
  /**
   * Ours (issue 38): a follow-up in one of the member's Deep Search sessions, grounded in its earlier reports and
   * their sources plus new searches (another member's session answers 404 and nothing is charged).
   */
  sessionId: z.uuid().optional(),
  ...projectField,
});
export type DeepSearchRequest = z.infer<typeof DeepSearchRequestSchema>;

/** `response` is the report (Markdown; `[n]` cites `citations[n-1]`, each the exact page it came from). */
export const DeepSearchReplySchema = successReply({
  ...chatReplyFields,
  /** Every page read for the report, in the order read (cited or not). */
  sources: z.array(CitationSchema),
});
export type DeepSearchReply = z.infer<typeof DeepSearchReplySchema>;

/** GET deep-search status: whether a report can be made (a search provider and the LLM are both configured). */
export const DeepSearchStatusReplySchema = successReply({
  available: z.boolean(),
  /** What is missing, so the page can say it before the member types. */
  search: z.boolean(),
  llm: z.boolean(),
});
export type DeepSearchStatusReply = z.infer<typeof DeepSearchStatusReplySchema>;

/** Deep Search's own words (the texts a member reads on its page and in its errors). */
export const DEEP_SEARCH_TEXTS = {
  unavailableSearch: 'Deep Search is not available: no search provider is configured.',
  unavailableLlm: 'Deep Search is not available: no AI provider key is configured.',
  failed: 'Deep Search could not write a report. You were not charged.',
  noSources: 'Deep Search could not read any pages for this question. You were not charged.',
  insufficientCredits: 'You need 4 credits to run a Deep Search.',
  sourcesRead: 'Sources read',
  questionLabel: 'Your research question',
  questionPlaceholder: 'Ask a question to research across the web…',
  research: (cost: number) => `Research (${cost} credits)`,
  stop: 'Stop',
  stopped: 'Stopped. You were not charged.',
  newResearch: 'New research',
  followUpLabel: 'Ask a follow-up question about this report',
  followUpPlaceholder: 'Ask a follow-up… (it searches again, and reads this report and its sources)',
  followUp: (cost: number) => `Ask follow-up (${cost} credits)`,
  history: 'Past reports',
  empty: 'Ask a question: Deep Search plans searches, reads the best pages and writes one cited report.',
  copy: 'Copy report',
  copied: 'Copied!',
  download: 'Download as Markdown',
  stepsLabel: 'Research steps',
  reportLabel: 'Report',
  stillWriting: 'This report is still being written…',
  loadSessions: 'Failed to load past reports',
  loadReport: 'Failed to load the report',
  deleteSession: 'Failed to delete the report',
  renameSession: 'Failed to rename the report',
  steps: {
    planning: 'Planning the research',
    searching: 'Searching',
    reading: 'Reading',
    writing: 'Writing the report',
  },
} as const;
