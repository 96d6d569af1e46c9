// The words of the Library page and of "Send to" (docs/product-rules.md#library-page, #send-to), and the one table of where each
// kind of result can go next (issue 37): used by the library, by each tool page's results and by `?from=`.
import type { CreationKind } from './api/library';
import { LIMITS } from './limits';
import { PHOTO_EFFECT_TOOL_IDS, type ToolId } from './tools';

/**
 * The tools that take each kind of result as their input, in menu order. An effect's result is an image, so it goes
 * to another effect through the `image` row (the tool it came from is left out, see sendToTargets).
 */
export const SEND_TO_TARGETS: Readonly<Record<CreationKind, readonly ToolId[]>> = {
  image: [
    ...PHOTO_EFFECT_TOOL_IDS,
    'image-to-prompt',
    'ai-describe-image',
    'image-to-video-prompt',
    'upscale',
  ],
  prompt: ['text-to-image'],
  chat: ['text-to-speech'],
  report: ['text-to-speech', 'chat-agent'],
  summary: ['text-to-speech', 'chat-agent'],
  audio: [],
};

/** Where a result of `kind` made by `fromTool` can be sent: its row, without the tool it came from. */
export function sendToTargets(kind: CreationKind, fromTool?: ToolId): ToolId[] {
  return SEND_TO_TARGETS[kind].filter((tool) => tool !== fromTool);
}

/** The Library page in the shell. */
export const LIBRARY_PATH = '/library';

/** The query parameter a tool page fills its input from, and the one that reopens a stored result. */
export const FROM_PARAM = 'from';
export const OPEN_PARAM = 'open';

/**
 * With `?from=<chat session id>`: the one answer of that session to take instead of the whole session, by its reply
 * id (the chat stream's `start` messageId) and, on the playground, its column (the model id).
 */
export const MESSAGE_PARAM = 'message';
export const COLUMN_PARAM = 'column';

/** One answer of a chat session (Send to under that answer). */
export interface SendToAnswer {
  message: string;
  column?: string;
}

/**
 * `/tools/<tool>?from=<item id>`: the next tool, its input filled from the member's own item; with `answer`,
 * `&message=<reply id>[&column=<model>]` names one answer of a chat item.
 */
export function sendToPath(tool: ToolId, itemId: string, answer?: SendToAnswer): string {
  const query = new URLSearchParams({ [FROM_PARAM]: itemId });
  if (answer) query.set(MESSAGE_PARAM, answer.message);
  if (answer?.column) query.set(COLUMN_PARAM, answer.column);
  return `/tools/${tool}?${query.toString()}`;
}

/** The longest text a receiving tool takes; a longer text is cut to it and the page says so. */
export const FROM_TEXT_LIMITS: Partial<Record<ToolId, number>> = {
  'text-to-image': LIMITS.prompt,
  'text-to-speech': LIMITS.ttsText,
  'chat-agent': LIMITS.chatMessage,
};

export const LIBRARY_TEXTS = {
  title: 'Library',
  /** The header and dashboard link. */
  navLink: 'Library',
  /** The dashboard's link under the welcome. */
  dashboardLink: 'See everything you made in your Library',
  intro: 'Everything you made, in one place. Open it again, or send it to the next tool.',
  kindFilter: 'Kind',
  toolFilter: 'Tool',
  allKinds: 'All kinds',
  allTools: 'All tools',
  searchLabel: 'Search your library',
  searchPlaceholder: 'Search by a word of its title or text',
  kinds: {
    image: 'Images',
    audio: 'Audio',
    chat: 'Chats',
    report: 'Reports',
    summary: 'Summaries',
    prompt: 'Prompts',
  } satisfies Record<CreationKind, string>,
  loading: 'Loading your library...',
  loadingMore: 'Loading more...',
  loadFailed: 'Failed to load your library',
  retry: 'Try again',
  empty: 'Nothing here yet. What you make with the tools appears here.',
  emptyFiltered: 'Nothing matches these filters.',
  open: 'Open',
  delete: 'Delete',
  deleteTitle: 'Delete this item?',
  deleteDescription: 'The result is deleted from its tool too, with its files. This action cannot be undone.',
  deleted: 'Deleted.',
  deleteFailed: 'Failed to delete the item',
  sendTo: 'Send to',
  sendToLabel: (title: string) => `Send "${title}" to another tool`,
  itemCount: (count: number) =>
    count === 1 ? '1 item shown' : `${count.toLocaleString('en-US')} items shown`,
  /** `?from=` on the receiving page. */
  fromLoading: 'Loading your item...',
  fromMissing: 'This item could not be found in your library. It may have been deleted.',
  fromTrimmed: (limit: number) =>
    `The text was longer than this tool takes, so only its first ${limit.toLocaleString('en-US')} characters were filled in.`,
  fromFilled: (title: string) => `Filled in from your library: ${title}`,
  /** `?open=` on a tool page. */
  openMissing: 'This result could not be found. It may have been deleted.',
  /** The context line put before a report or summary in the Chat Agent's message box. */
  chatContext: (title: string, text: string) => `Context (${title}):\n${text}\n\n`,
} as const;
