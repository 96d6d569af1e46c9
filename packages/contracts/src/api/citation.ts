// The numbered source of a chat answer, shared by the chat replies and their streamed events.
import { z } from 'zod';

/**
 * A numbered source of an answer: the n-th citation is the answer's `[n]`. Web search: the pages the provider's
 * search returned. Web chat: the page itself, its url carrying a `#:~:text=` fragment that points at `quote`, the
 * passage the answer used.
 */
export const CitationSchema = z.object({
  url: z.string(),
  title: z.string().optional(),
  /** Ours: the passage cited (web chat), or the snippet the search returned. */
  quote: z.string().optional(),
});
export type Citation = z.infer<typeof CitationSchema>;
