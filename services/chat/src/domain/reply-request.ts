// What each chat tool asks a reply for (docs/architecture.md#chat-replies), one shape per tool, and what its
// charge is (the tool and its price options; the texts are contracts' charge-texts.ts). The agent and web
// requests are prepared by domain/prepare.ts, which has already checked that their session is the member's.
import {
  CHAT_REPLY_FAILED_TEXTS,
  type ChatModelId,
  type Citation,
  type PlaygroundModelId,
  type ToolCostOptions,
  type ToolId,
} from '@act/contracts';
import type { ImageInput, PdfInput } from '@act/service-kit/media';
import type { OpenReplyInput, StoredAttachment } from '../db/chat-store';
import type { ProviderMessage } from '../providers/types';
import type { LocalAnswer, StoredPage } from '../web/grounding';
import type { Branch } from '../db/messages-store';

interface RequestBase {
  userId: string;
  prompt: string;
  /** Where the message goes in an existing session's tree (store.placeOf); none for a new session. */
  branch?: Branch;
}

/** AI Chat Playground: the prompt to four models at once; each reads its own answers of the session. */
export interface PlaygroundRequest extends RequestBase {
  kind: 'playground';
  /** An existing session (checked as the member's before the reserve), or none to start one. */
  sessionId?: string;
  /** Regenerate one model's answer only (one column); the price is still one message's. */
  column?: PlaygroundModelId;
}

/** Chat Reasoning: the prompt with an image or a PDF, both already checked by their bytes. */
export interface ReasoningRequest extends RequestBase {
  kind: 'reasoning';
  /** An existing session (checked as the member's before the reserve), or none to start one. */
  sessionId?: string;
  image?: ImageInput;
  pdf?: PdfInput;
}

/** The member's attachments, stored once the charge is reserved; `discard` removes them if the reply never opens. */
export interface ReplyAttachments {
  save(): Promise<StoredAttachment[]>;
  discard(saved: StoredAttachment[]): Promise<void>;
}

/** Chat Agent: the chosen model and every message it reads (history with its attachments, and the current one). */
export interface AgentRequest extends RequestBase {
  kind: 'agent';
  /** An existing session, already checked as the member's. */
  sessionId?: string;
  /** The model the member chose, stored with the session and its answer. */
  modelId: ChatModelId;
  /** Its upstream id. */
  model: string;
  messages: ProviderMessage[];
  /** The provider searches the web (and the use costs its web search option). */
  webSearch: boolean;
  attachments?: ReplyAttachments;
}

/** How a web chat answers: the model grounded on the page's passages, or the local extractive answer. */
export type WebAnswer =
  | {
      by: 'model';
      /** The upstream id, also the name stored with the answer. */
      model: string;
      messages: ProviderMessage[];
      /** The passages the model read, `[n]` pointing at sources[n-1]; renumbered by first use. */
      sources: Citation[];
    }
  /** Without a provider key: the answer is already made (no provider call), and costs the same. */
  | { by: 'local'; answer: LocalAnswer };

interface WebRequestBase extends RequestBase {
  kind: 'web';
  answer: WebAnswer;
}

/** AI Web Chat's start: a new session reading the page (its address, as the member typed it, is their message). */
export interface WebStartRequest extends WebRequestBase {
  url: string;
  page: StoredPage;
  sessionId?: undefined;
}

/** A web chat follow-up, answered from the session's kept page. */
export interface WebFollowUpRequest extends WebRequestBase {
  /** Already checked as the member's. */
  sessionId: string;
  url?: undefined;
  page?: undefined;
}

export type WebRequest = WebStartRequest | WebFollowUpRequest;

/** Deep Search: the question (its prompt), researched and reported on in a new session. */
export interface DeepSearchRequest extends RequestBase {
  kind: 'deep-search';
  sessionId?: undefined;
  /** The upstream model that plans and writes. */
  model: string;
}

/**
 * A playground turn fused (issue 25, domain/fuse.ts): one of its models merges the turn's answers into one, stored
 * as one more row of the session. Prepared by its caller, which checked the session and the turn as the member's.
 * `prompt` is the member's question of that turn (not stored again).
 */
export interface FuseRequest extends RequestBase {
  kind: 'fuse';
  sessionId: string;
  /** The reply id of the turn whose answers are merged. */
  fusedFrom: string;
  /** The playground model that fuses (stored as the row's model name). */
  column: PlaygroundModelId;
  /** Its upstream id. */
  model: string;
  messages: ProviderMessage[];
}

export type ReplyRequest =
  PlaygroundRequest | ReasoningRequest | AgentRequest | WebRequest | DeepSearchRequest | FuseRequest;

/** The four chat tools and Deep Search. */
export type ReplyKind = ReplyRequest['kind'];

/**
 * What a reply's charge is: the tool and its price options (the price rule), and the text a member reads when the
 * whole reply failed. A refused reserve's text is the tool's own (contracts insufficientCreditsText, by the same
 * tool and options, applied by the kit's reserveCharge).
 */
export interface ReplyCharge {
  tool: ToolId;
  options?: ToolCostOptions;
  /** What a member reads when the whole reply failed (docs/product-rules.md#errors, chat). */
  failedText: string;
}

export function chargeOf(request: ReplyRequest): ReplyCharge {
  const failed = CHAT_REPLY_FAILED_TEXTS;
  switch (request.kind) {
    case 'playground':
      return { tool: 'ai-chat-playground', failedText: failed.playground };
    case 'reasoning':
      return { tool: 'chat-reasoning', failedText: failed.reasoning };
    case 'agent':
      return request.webSearch
        ? { tool: 'chat-agent', options: { webSearch: true }, failedText: failed.agent }
        : { tool: 'chat-agent', failedText: failed.agent };
    case 'fuse':
      // Priced as one chat agent message (docs/product-rules.md#fuse).
      return { tool: 'chat-agent', failedText: failed.fuse };
    case 'deep-search':
      return { tool: 'deep-search', failedText: failed['deep-search'] };
    case 'web':
      return request.page
        ? { tool: 'ai-web-chat', failedText: failed['web-start'] }
        : { tool: 'ai-web-chat', options: { followUp: true }, failedText: failed['web-follow-up'] };
  }
}

/** What the stored session and member's message carry beyond the prompt. */
export function storedOf(
  request: ReplyRequest,
): Pick<OpenReplyInput, 'userContent' | 'title' | 'modelId' | 'page' | 'parentId' | 'answerOf'> {
  const { branch } = request;
  const place = branch
    ? { parentId: branch.parentId, ...(branch.answerOf ? { answerOf: branch.answerOf.id } : {}) }
    : {};
  if (request.kind === 'agent') return { ...place, modelId: request.modelId };
  if (request.kind === 'web' && request.page) {
    return { userContent: request.url, title: request.page.title, page: request.page };
  }
  return place;
}
