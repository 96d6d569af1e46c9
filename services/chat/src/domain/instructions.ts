// What the model is told before the history (issue 38, docs/product-rules.md#chat-workspace): the project's
// instructions, then the member's enabled custom instructions, as system messages on every provider call of a
// reply, whatever the screen (each playground column, reasoning, the agent, web chat, a fuse, Deep Search's calls).
// They count against the model's context with the history: the history is trimmed, oldest first, never the
// instructions, the screen's own system text or the current message. They change what the model reads only, never
// the price (the charge is the tool's: reply-request.ts).
import type { SystemText } from '../db/chat-store';
import type { ChatProvider, ProviderMessage } from '../providers/types';

/**
 * Characters a reply's messages may hold, about 30k tokens: within the context of every model the screens offer,
 * with room for the answer. Only text counts (attachments are bounded by their own limits).
 */
export const CONTEXT_CHARS = 120_000;

function charsOf(message: ProviderMessage): number {
  if (typeof message.content === 'string') return message.content.length;
  return message.content.reduce((sum, part) => sum + (part.type === 'text' ? part.text.length : 0), 0);
}

/**
 * The messages with the system texts first (with none, the same trimming applies: one rule for every reply). Kept whole: the system texts, the screen's own leading system messages
 * (a web chat's grounding) and the last message (the member's current one); the history between them is trimmed
 * from its oldest message until everything fits `budget`, so a conversation never starts with an orphan answer.
 */
export function withSystemTexts(
  messages: readonly ProviderMessage[],
  texts: readonly SystemText[],
  budget = CONTEXT_CHARS,
): ProviderMessage[] {
  const system: ProviderMessage[] = texts.map((text) => ({ role: 'system', content: text.text }));
  const leading = messages.findIndex((message) => message.role !== 'system');
  const own = leading === -1 ? [...messages] : messages.slice(0, leading);
  const rest = leading === -1 ? [] : messages.slice(leading);
  const current = rest.slice(-1);
  const history = rest.slice(0, -1);
  let used = [...system, ...own, ...current].reduce((sum, message) => sum + charsOf(message), 0);
  // Newest first, kept while they fit; the first one that does not ends the history.
  let keepFrom = history.length;
  while (keepFrom > 0) {
    const chars = charsOf(history[keepFrom - 1]!);
    if (used + chars > budget) break;
    used += chars;
    keepFrom -= 1;
  }
  let kept = history.slice(keepFrom);
  while (kept[0]?.role === 'assistant') kept = kept.slice(1);
  return [...system, ...own, ...kept, ...current];
}

/** The provider of one reply: every call it makes reads the system texts first. */
export function instructedProvider(
  provider: ChatProvider | undefined,
  texts: readonly SystemText[],
  budget = CONTEXT_CHARS,
): ChatProvider | undefined {
  if (!provider) return provider;
  return {
    name: provider.name,
    stream: (request) =>
      provider.stream({ ...request, messages: withSystemTexts(request.messages, texts, budget) }),
  };
}
