// The browser's view of every endpoint: the paths by family (derived from the endpoint definitions in api/*.ts), the
// flat list of definitions the gateway routes by, and the lookup of one request's definition.
import { routeMatches, type Endpoint } from './endpoint';
import { ACCOUNT_DELETION_ENDPOINTS } from './api/account-deletion';
import { API_KEY_ENDPOINTS } from './api/api-keys';
import { DATA_EXPORT_ENDPOINTS } from './api/identity-exports';
import { CHAT_ENDPOINTS } from './api/chat';
import { CHAT_SHARE_ENDPOINTS } from './api/chat-share';
import { CHAT_PROMPT_ENDPOINTS } from './api/chat-prompts';
import { CHAT_INSTRUCTIONS_ENDPOINTS } from './api/chat-instructions';
import { CHAT_PROJECT_ENDPOINTS } from './api/chat-projects';
import { CREDITS_ENDPOINTS } from './api/credits';
import { CREDIT_PACK_ENDPOINTS } from './api/credit-packs';
import { CREDIT_CONTROLS_ENDPOINTS } from './api/credit-controls';
import { FILE_ENDPOINTS } from './api/files';
import { OPENAPI_ENDPOINTS } from './api/openapi';
import { IDENTITY_ENDPOINTS } from './api/identity';
import { IMAGE_ENDPOINTS } from './api/image';
import { IMAGE_BOARD_ENDPOINTS } from './api/image-boards';
import { LIBRARY_ENDPOINTS } from './api/library';
import { PROMPT_ENDPOINTS } from './api/prompt';
import { VOICE_ENDPOINTS } from './api/voice';
import { YOUTUBE_ENDPOINTS } from './api/youtube';

const I = IDENTITY_ENDPOINTS;
const C = CREDITS_ENDPOINTS;

// One image's path serves GET, PATCH and DELETE; it is listed once, as deleteImage.
const { updateImage: _imagePatch, image: _imageGet, ...IMAGE_PATH_ENDPOINTS } = IMAGE_ENDPOINTS;
// One library item's path serves GET and DELETE; it is listed once, as item.
const { deleteItem: _libraryDelete, ...LIBRARY_PATH_ENDPOINTS } = LIBRARY_ENDPOINTS;
// One stored prompt result's path serves GET and DELETE; it is listed once, as result.
const { deleteResult: _promptResultDelete, ...PROMPT_PATH_ENDPOINTS } = PROMPT_ENDPOINTS;
// One stored clip's path serves GET and DELETE; it is listed once, as clip.
const { deleteClip: _voiceClipDelete, ...VOICE_PATH_ENDPOINTS } = VOICE_ENDPOINTS;

/** The path of every endpoint, by family, for the browser's API calls (one path may serve two methods). */
export const API_ROUTES = {
  identity: {
    signup: I.signup.path,
    /** POST, grant_type password or refresh_token. */
    token: I.token.path,
    logout: I.logout.path,
    /** GET and PUT the current user. */
    user: I.getUser.path,
    recover: I.recover.path,
    verify: I.verify.path,
    /** GET: starts Google sign-in (redirect). */
    authorize: I.authorize.path,
    /** GET: Google redirects back here. */
    callback: I.callback.path,
    jwks: I.jwks.path,
    /** GET: which sign-in providers are configured. */
    settings: I.settings.path,
  },
  credits: { me: C.me.path, history: C.history.path, plans: C.plans.path },
  billing: {
    config: C.billingConfig.path,
    webhook: C.webhook.path,
    cancel: C.cancel.path,
    changePlan: C.changePlan.path,
    checkout: C.checkout.path,
  },
  /** `result` serves GET and DELETE. */
  prompt: pathsOf(PROMPT_PATH_ENDPOINTS),
  chat: {
    playground: chatPaths(CHAT_ENDPOINTS.playground),
    agent: chatPaths(CHAT_ENDPOINTS.agent),
    reasoning: chatPaths(CHAT_ENDPOINTS.reasoning),
    web: chatPaths(CHAT_ENDPOINTS.web),
    /** POST { messageId }: stops a streamed reply of any chat tool. */
    stop: CHAT_ENDPOINTS.stop.path,
    /** GET: follows a reply by its messageId (streamed, or JSON once it ended). */
    follow: CHAT_ENDPOINTS.follow.path,
    /** GET: `{ available }`, whether chat has a provider key. */
    status: CHAT_ENDPOINTS.status.path,
  },
  /** `deleteImage` is also the PATCH (favourite) path of one image. */
  image: pathsOf(IMAGE_PATH_ENDPOINTS),
  /** `boards` serves GET and POST, `board` PATCH and DELETE, `boardImages` POST, `boardImage` DELETE. */
  imageBoards: {
    boards: IMAGE_BOARD_ENDPOINTS.boards.path,
    board: IMAGE_BOARD_ENDPOINTS.deleteBoard.path,
    boardImages: IMAGE_BOARD_ENDPOINTS.addBoardImage.path,
    boardImage: IMAGE_BOARD_ENDPOINTS.removeBoardImage.path,
  },
  /** `clip` serves GET and DELETE. */
  voice: pathsOf(VOICE_PATH_ENDPOINTS),
  youtube: pathsOf(YOUTUBE_ENDPOINTS),
  /** `item` serves GET and DELETE (deleteItem). */
  library: pathsOf(LIBRARY_PATH_ENDPOINTS),
} as const;

function pathsOf<const T extends Record<string, Endpoint>>(endpoints: T): { [K in keyof T]: T[K]['path'] } {
  return Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, e.path])) as {
    [K in keyof T]: T[K]['path'];
  };
}

const {
  stop: chatStop,
  status: chatStatus,
  follow: chatFollow,
  showVersion: chatShowVersion,
  ...CHAT_KIND_ENDPOINTS
} = CHAT_ENDPOINTS;

function chatPaths(chat: (typeof CHAT_KIND_ENDPOINTS)[keyof typeof CHAT_KIND_ENDPOINTS]) {
  return {
    sendMessage: chat.sendMessage.path,
    sessions: chat.sessions.path,
    session: chat.deleteSession.path,
    messages: chat.messages.path,
  };
}

/** Every endpoint of every family: the table the gateway routes, authorises and limits by. */
export const ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(IDENTITY_ENDPOINTS),
  ...Object.values(API_KEY_ENDPOINTS),
  ...Object.values(DATA_EXPORT_ENDPOINTS),
  ...Object.values(CREDITS_ENDPOINTS),
  ...Object.values(CREDIT_PACK_ENDPOINTS),
  ...Object.values(CREDIT_CONTROLS_ENDPOINTS),
  ...Object.values(PROMPT_ENDPOINTS),
  ...Object.values(CHAT_KIND_ENDPOINTS).flatMap((chat) => Object.values(chat)),
  chatStop,
  chatStatus,
  chatFollow,
  ...Object.values(CHAT_SHARE_ENDPOINTS),
  ...Object.values(CHAT_PROMPT_ENDPOINTS),
  chatShowVersion,
  ...Object.values(CHAT_PROJECT_ENDPOINTS),
  ...Object.values(CHAT_INSTRUCTIONS_ENDPOINTS),
  ...Object.values(IMAGE_ENDPOINTS),
  ...Object.values(IMAGE_BOARD_ENDPOINTS),
  ...Object.values(VOICE_ENDPOINTS),
  ...Object.values(YOUTUBE_ENDPOINTS),
  ...Object.values(LIBRARY_ENDPOINTS),
  ...Object.values(FILE_ENDPOINTS),
  ...Object.values(OPENAPI_ENDPOINTS),
  ...Object.values(ACCOUNT_DELETION_ENDPOINTS),
];

/** The definition of a request's endpoint (query string ignored), if it has one. */
export function findEndpoint(method: string, path: string): Endpoint | undefined {
  return ENDPOINTS.find((endpoint) => routeMatches(endpoint, method, path));
}
