// What the chat agent and the web chat hand to the replies (their requests in reply-request.ts, which also says what
// each costs), prepared before anything is reserved:
// - chat agent: attachments checked by their bytes (an image for vision models only, a PDF for PDF models only; the
//   contract refuses the rest), the session's history with its earlier attachments, the current message as parts
//   (image parts; PDFs as file parts, or as their extracted text for endpoints without file input), web search; the
//   attachments are stored (object store) once the charge is reserved;
// - web chat: on start the page is read (safely; a page that cannot be read is refused here, before any charge) and
//   kept with the session; a follow-up answers from the kept page. With a provider key the model reads the passages
//   most related to the question and cites them; without one the local extractive answer replies, at the same price.
import {
  ERROR_TEXTS,
  ErrorCode,
  LIMITS,
  WEB_CHAT_INITIAL_SETUP,
  type ChatAgentSendMessageRequest,
  type WebChatRequest,
} from '@act/contracts';
import { AppError, rankPassages, type Logger } from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import { extractPdfText, readImageDataUrl, readPdfDataUrl } from '@act/service-kit/media';
import type { ChatModels } from '../config';
import type { ChatStore, StoredAttachment } from '../db/chat-store';
import type { ProviderContentPart, ProviderMessage } from '../providers/types';
import { START_QUESTION, groundedPrompt, localAnswer, type StoredPage } from '../web/grounding';
import { readWebPage, type PageFetchOptions } from '../web/page-reader';
import type { AgentRequest, WebAnswer, WebRequest } from './reply-request';

/** How PDFs reach the model: file parts, or the text extracted here. */
export type PdfInputMode = 'file' | 'text';

export interface PrepareDeps {
  store: ChatStore;
  files: ObjectStore;
  models: ChatModels;
  pdfInput: PdfInputMode;
  webFetch: PageFetchOptions;
  /** Whether a provider key is configured (the web chat answers locally without one). */
  available: boolean;
  logger: Logger;
}

/** Earlier attachments of a session sent again with a new message (the most recent ones). */
const HISTORY_ATTACHMENTS_MAX = 2;
/** Turns of a web chat the model reads besides the page. */
const WEB_HISTORY_MESSAGES = 12;

interface Attachment {
  kind: 'image' | 'pdf';
  bytes: Buffer;
  contentType: string;
  name: string | null;
}

const EXT_OF: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

async function pdfText(bytes: Buffer): Promise<string> {
  try {
    const text = await extractPdfText(bytes, { maxChars: LIMITS.modelDocumentChars });
    return text.pages.join('\n\n');
  } catch (error) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.chat.pdfUnreadable, {
      details: { field: 'pdf' },
      cause: error,
    });
  }
}

export function createPreparation(deps: PrepareDeps) {
  const { store, files, models } = deps;

  /** The parts of a message with attachments (text first, as OpenRouter asks). */
  async function partsOf(
    text: string,
    attachments: readonly Attachment[],
  ): Promise<ProviderMessage['content']> {
    if (attachments.length === 0) return text;
    const parts: ProviderContentPart[] = [{ type: 'text', text }];
    for (const attachment of attachments) {
      const data = `data:${attachment.contentType};base64,${attachment.bytes.toString('base64')}`;
      if (attachment.kind === 'image') parts.push({ type: 'image_url', image_url: { url: data } });
      else if (deps.pdfInput === 'file') {
        parts.push({
          type: 'file',
          file: { filename: attachment.name ?? 'attachment.pdf', file_data: data },
        });
      } else {
        const extracted = await pdfText(attachment.bytes);
        parts.push({
          type: 'text',
          text: `Attached PDF "${attachment.name ?? 'attachment.pdf'}" (its text):\n\n${extracted}`,
        });
      }
    }
    return parts;
  }

  /** Stored attachments read back (one that cannot be read is left out and logged). */
  async function loadAttachments(stored: readonly StoredAttachment[]): Promise<Attachment[]> {
    const loaded: Attachment[] = [];
    for (const attachment of stored) {
      try {
        loaded.push({ ...attachment, bytes: await files.read(attachment.key) });
      } catch (error) {
        deps.logger.warn({ err: error, key: attachment.key }, 'an earlier attachment could not be read');
      }
    }
    return loaded;
  }

  /** The branch's conversation down to `upTo` (the new message's parent). */
  async function agentHistory(sessionId: string, upTo: string | null): Promise<ProviderMessage[]> {
    const rows = await store.history(sessionId, { limit: LIMITS.chatHistoryMessages, upTo });
    // Only the most recent earlier attachments are sent again (each may be 10 MB).
    let budget = HISTORY_ATTACHMENTS_MAX;
    const keep = new Set<StoredAttachment>();
    for (const row of [...rows].reverse()) {
      for (const attachment of row.attachments ?? []) {
        if (budget <= 0) break;
        keep.add(attachment);
        budget -= 1;
      }
    }
    const messages: ProviderMessage[] = [];
    for (const row of rows) {
      const kept = (row.attachments ?? []).filter((attachment) => keep.has(attachment));
      const loaded = await loadAttachments(kept);
      messages.push({ role: row.role, content: await partsOf(row.content, loaded) });
    }
    return messages;
  }

  async function agent(input: ChatAgentSendMessageRequest, userId: string): Promise<AgentRequest> {
    // Checked by their bytes before anything else (the contract has already refused what the model cannot read).
    const attachments: Attachment[] = [];
    if (input.image) {
      const image = await readImageDataUrl(input.image, {
        invalidText: ERROR_TEXTS.validation.invalidChatImage,
      });
      attachments.push({
        kind: 'image',
        bytes: image.bytes,
        contentType: image.mime,
        name: input.imageName ?? null,
      });
    }
    if (input.pdf) {
      const pdf = await readPdfDataUrl(input.pdf);
      attachments.push({ kind: 'pdf', bytes: pdf.bytes, contentType: pdf.mime, name: input.pdfName ?? null });
    }
    const history: ProviderMessage[] = [];
    const branch = await store.placeOf(userId, 'agent', input);
    if (input.sessionId !== undefined && branch) {
      history.push(...(await agentHistory(input.sessionId, branch.parentId)));
    }
    // A regenerate asks the stored message again, with the files it was sent with.
    const again = branch?.answerOf;
    const current: ProviderMessage = again
      ? {
          role: 'user',
          content: await partsOf(again.content, await loadAttachments(again.attachments ?? [])),
        }
      : { role: 'user', content: await partsOf(input.prompt, attachments) };
    // New files are stored with a new message only (a regenerate's are stored already).
    const stored = again ? [] : attachments;
    return {
      kind: 'agent',
      userId,
      ...(input.sessionId !== undefined ? { sessionId: input.sessionId } : {}),
      ...(branch ? { branch } : {}),
      prompt: again?.content ?? input.prompt,
      modelId: input.modelId,
      model: models.agent[input.modelId],
      messages: [...history, current],
      webSearch: input.enableWebSearch,
      ...(stored.length > 0
        ? {
            attachments: {
              save: async () => {
                const saved: StoredAttachment[] = [];
                for (const attachment of stored) {
                  const object = await files.put({
                    owner: userId,
                    body: attachment.bytes,
                    contentType: attachment.contentType,
                    ext: EXT_OF[attachment.contentType] ?? 'bin',
                  });
                  saved.push({
                    kind: attachment.kind,
                    key: object.key,
                    contentType: object.contentType,
                    name: attachment.name,
                    size: object.size,
                  });
                }
                return saved;
              },
              discard: (saved) => files.delete(saved.map((attachment) => attachment.key)),
            },
          }
        : {}),
    };
  }

  /** The reply to a question about a page: grounded on the passages by the model, or answered locally. */
  function webAnswer(
    page: StoredPage,
    question: string,
    history: ProviderMessage[],
    context = '',
  ): WebAnswer {
    if (!deps.available) {
      return { by: 'local', answer: localAnswer(page, question === START_QUESTION ? undefined : question) };
    }
    // A follow-up such as "tell me more" matches no passage: the member's previous question finds them.
    const related = rankPassages(page.passages, question).length > 0 ? question : `${question} ${context}`;
    const grounded = groundedPrompt(page, related);
    return {
      by: 'model',
      model: models.web,
      messages: [grounded.system, ...history, { role: 'user', content: question }],
      sources: grounded.sources,
    };
  }

  async function web(input: WebChatRequest, userId: string): Promise<WebRequest> {
    if (input.prompt === WEB_CHAT_INITIAL_SETUP) {
      // The page is read before anything is reserved: a page that cannot be read costs nothing.
      const page = await readWebPage(input.url!, deps.webFetch);
      return {
        kind: 'web',
        userId,
        prompt: input.prompt,
        answer: webAnswer(page, START_QUESTION, []),
        url: input.url!,
        page,
      };
    }
    const sessionId = input.sessionId!;
    const session = await store.findSession(userId, 'web', sessionId);
    const branch = (await store.placeOf(userId, 'web', input))!;
    // The first message of a web chat is its page: it is started again as a new chat, never edited or asked again.
    if ((input.editOf !== undefined || input.regenerateOf !== undefined) && branch.parentId === null) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.validation.invalidRequest);
    }
    const question = branch.answerOf?.content ?? input.prompt;
    const page: StoredPage = {
      url: session.url ?? '',
      title: session.page_title ?? session.title,
      passages: session.page_passages ?? [],
    };
    const rows = await store.history(sessionId, { limit: WEB_HISTORY_MESSAGES, upTo: branch.parentId });
    const previousQuestion = rows.filter((row) => row.role === 'user').at(-1)?.content ?? '';
    // The earlier answers' [n] pointed at other passage lists: the model reads them without markers.
    const history: ProviderMessage[] = rows.map((row) => ({
      role: row.role,
      content: row.role === 'assistant' ? row.content.replace(/\[\d+\]/g, '') : row.content,
    }));
    return {
      kind: 'web',
      userId,
      sessionId,
      branch,
      prompt: question,
      answer: webAnswer(page, question, history, previousQuestion),
    };
  }

  return { agent, web };
}

export type Preparation = ReturnType<typeof createPreparation>;
