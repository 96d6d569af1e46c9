// What each chat tool asks a reply for (docs/architecture.md#chat-replies), one shape per tool: types only. Its
// charge is reply-settlement.ts's `chargeOf`; what its rows carry, chat-replies.ts's `storedOf`. The agent and web
// requests are prepared by domain/prepare.ts, which has already checked that their session is the member's.
import type { ChatModelId, Citation, PlaygroundModelId } from '@act/contracts';
import type { ImageInput, PdfInput } from '@act/service-kit/media';
import type { StoredAttachment } from '../db/chat-store';
import type { ProviderMessage } from '../providers/types';
import type { LocalAnswer, StoredPage } from '../web/grounding';
import type { Branch } from '../db/messages-store';
import type { EarlierReport } from '../deep-search/follow-up';

interface RequestBase {
  userId: string;
  prompt: string;
  /** Where the message goes in an existing session's tree (store.placeOf); none for a new session. */
  branch?: Branch;
  /** Issue 38: a new session starts in this project of the member's (checked before the reserve). */
  projectId?: string;
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

/**
 * Deep Search: the question (its prompt), researched and reported on in a new session, or as a follow-up in one of
 * the member's report sessions (checked as theirs, with its delivered reports read, before the reserve).
 */
export interface DeepSearchRequest extends RequestBase {
  kind: 'deep-search';
  sessionId?: string;
  /** A follow-up's earlier reports, oldest first (none for a new session). */
  earlier?: EarlierReport[];
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
