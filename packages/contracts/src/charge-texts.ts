// The texts a charged use shows by its tool and price options (docs/product-rules.md#validation, #errors): the
// refusal when the balance is short, in one table the kit's reserveCharge reads (credits itself answers with the
// generic 'Insufficient credits', which stays the text of every tool the spec words no other way), and what a member
// reads when a whole chat reply failed.
import { DEEP_SEARCH_TEXTS } from './api/chat';
import { ERROR_TEXTS, insufficientCreditsChatAgent } from './errors';
import { toolCost, type ToolCostOptions, type ToolId } from './tools';

/**
 * The tool's own insufficient-credits text for one use with these options; undefined where the spec gives none (the
 * refusal then keeps credits' generic text). A run of several uses words its own (ERROR_TEXTS.image).
 */
export function insufficientCreditsText(tool: ToolId, options: ToolCostOptions = {}): string | undefined {
  const v = ERROR_TEXTS.validation;
  switch (tool) {
    case 'ai-chat-playground':
      return v.insufficientCreditsPlayground;
    case 'chat-reasoning':
      return v.insufficientCreditsReasoning;
    case 'chat-agent':
      return options.webSearch
        ? insufficientCreditsChatAgent(toolCost('chat-agent', { webSearch: true }))
        : v.insufficientCreditsChatAgentBase;
    case 'deep-search':
      return DEEP_SEARCH_TEXTS.insufficientCredits;
    case 'ai-web-chat':
      return options.followUp ? v.insufficientCreditsWebChatFollowUp : v.insufficientCreditsWebChat;
    case 'youtube-summarizer':
      return options.followUp ? v.insufficientCreditsYoutubeAsk : v.insufficientCreditsYoutube;
    case 'transcribe': {
      // Ours (docs/product-rules.md#dictation): the price depends on the recording's length, so it is named.
      const cost = toolCost('transcribe', options);
      return `Insufficient credits. Dictating this recording needs ${cost} credit${cost === 1 ? '' : 's'}.`;
    }
    default:
      return undefined;
  }
}

/**
 * What a member reads when a whole chat reply failed (docs/product-rules.md#errors, chat), by what was sent: a
 * message of each chat tool, a web chat's start or follow-up, a playground fuse, a Deep Search report.
 */
export const CHAT_REPLY_FAILED_TEXTS = {
  playground: ERROR_TEXTS.chat.sendMessage,
  reasoning: ERROR_TEXTS.chat.sendReasoningQuery,
  agent: ERROR_TEXTS.chat.sendMessage,
  fuse: ERROR_TEXTS.chat.fuseFailed,
  'deep-search': DEEP_SEARCH_TEXTS.failed,
  'web-start': ERROR_TEXTS.chat.startWebChat,
  'web-follow-up': ERROR_TEXTS.chat.sendMessage,
} as const;
