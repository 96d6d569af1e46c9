// Every texts object with its translations (docs/architecture.md#languages): a new texts module adds one line here
// and one catalogue per language under i18n/<locale>/. Importing this module (contracts' index does) also switches
// a browser page to the language lang-boot.js chose, before any component reads a text.
import { API_KEY_TEXTS } from '../api/api-keys';
import { CREDIT_CONTROLS_TEXTS } from '../api/credit-controls';
import { CREDIT_PACK_TEXTS } from '../api/credit-packs';
import { CHAT_PROMPT_ERRORS, CHAT_PROMPT_TEXTS } from '../chat-prompt-texts';
import { CHAT_SHARE_TEXTS } from '../chat-share-texts';
import { CHAT_WORKSPACE_TEXTS } from '../chat-workspace-texts';
import { DEEP_SEARCH_TEXTS } from '../api/chat-deep-search';
import { DATA_EXPORT_ERROR_TEXTS } from '../api/identity-exports';
import { PHOTO_EFFECT_FAILED_TEXTS } from '../api/image-effects';
import { CHAT_REPLY_FAILED_TEXTS } from '../charge-texts';
import { ERROR_TEXTS } from '../errors';
import { IMAGE_BOARD_ERRORS, IMAGE_BOARD_TEXTS } from '../image-board-texts';
import { LIBRARY_TEXTS } from '../library-texts';
import { CHAT_VOICE_TEXTS } from '../chat-voice-texts';
import { PAST_SUMMARIES_TEXTS, PROMPT_RESULTS_TEXTS } from '../history-texts';
import { RICH_ANSWER_TEXTS } from '../rich-answer-texts';
import { THEME_TEXTS } from '../theme-texts';
import { ACCOUNT_CONTROL_TEXTS } from '../account-control-texts';
import { DATA_EXPORT_TEXTS } from '../data-export-texts';
import { PALETTE_PAGES, PALETTE_TEXTS, SHORTCUTS } from '../palette-texts';
import {
  ES_ACCOUNT_CONTROL_TEXTS,
  ES_DATA_EXPORT_ERROR_TEXTS,
  ES_DATA_EXPORT_TEXTS,
} from './es/account-control-texts';
import { ES_PALETTE_PAGES, ES_PALETTE_TEXTS, ES_SHORTCUTS } from './es/palette-texts';
import { PAGE_SEO, UI_TEXTS } from '../ui-texts';
import { ES_API_KEY_TEXTS, ES_CREDIT_CONTROLS_TEXTS, ES_CREDIT_PACK_TEXTS } from './es/account-texts';
import { ES_CHAT_PROMPT_ERRORS, ES_CHAT_PROMPT_TEXTS } from './es/chat-prompt-texts';
import { ES_CHAT_SHARE_TEXTS } from './es/chat-share-texts';
import { ES_CHAT_WORKSPACE_TEXTS } from './es/chat-workspace-texts';
import { ES_DEEP_SEARCH_TEXTS } from './es/deep-search-texts';
import { ES_ERROR_TEXTS } from './es/error-texts';
import { ES_CHAT_REPLY_FAILED_TEXTS, ES_PHOTO_EFFECT_FAILED_TEXTS } from './es/failed-texts';
import { ES_IMAGE_BOARD_ERRORS, ES_IMAGE_BOARD_TEXTS } from './es/image-board-texts';
import { ES_LIBRARY_TEXTS } from './es/library-texts';
import { ES_CHAT_VOICE_TEXTS } from './es/chat-voice-texts';
import { ES_LANGUAGE_ERRORS, ES_LANGUAGE_TEXTS } from './es/language-texts';
import { ES_PAST_SUMMARIES_TEXTS, ES_PROMPT_RESULTS_TEXTS } from './es/history-texts';
import { ES_PAGE_SEO } from './es/page-seo';
import { ES_PHRASE_TEXTS } from './es/phrase-texts';
import { ES_RICH_ANSWER_TEXTS } from './es/rich-answer-texts';
import { ES_SERVER_ERROR_TEXTS } from './es/server-error-texts';
import { ES_THEME_TEXTS } from './es/theme-texts';
import { ES_UI_TEXTS } from './es/ui-texts';
import { LANGUAGE_ERRORS, LANGUAGE_TEXTS } from './language-texts';
import { PLAN_ROWS, TOOL_ROWS } from './catalogue-views';
import { ES_PLAN_TEXTS, ES_TOOL_TEXTS } from './es/tool-texts';
import { pickLocale } from './locale';
import { PHRASE_TEXTS } from './phrase-texts';
import { SERVER_ERROR_TEXTS } from './server-error-texts';
import { registerTexts, setLocale } from './swap';
import { OFFLINE_TEXTS } from '../palette-texts';
import { OUTPUT_LANGUAGE_TEXTS } from '../options';
import { TOOL_CATEGORY_TEXTS } from '../tools';
import { OPTION_ROWS } from './catalogue-views';
import { ES_OFFLINE_TEXTS } from './es/palette-texts';
import { ES_OPTION_TEXTS, ES_OUTPUT_LANGUAGE_TEXTS, ES_TOOL_CATEGORY_TEXTS } from './es/option-texts';

/** Each English texts object beside its catalogues; the key-walk test checks every pair. */
export const TEXT_CATALOGUES = [
  { name: 'UI_TEXTS', en: UI_TEXTS, es: ES_UI_TEXTS },
  { name: 'PHRASE_TEXTS', en: PHRASE_TEXTS, es: ES_PHRASE_TEXTS },
  { name: 'PAGE_SEO', en: PAGE_SEO, es: ES_PAGE_SEO },
  { name: 'THEME_TEXTS', en: THEME_TEXTS, es: ES_THEME_TEXTS },
  { name: 'LANGUAGE_TEXTS', en: LANGUAGE_TEXTS, es: ES_LANGUAGE_TEXTS },
  { name: 'CHAT_VOICE_TEXTS', en: CHAT_VOICE_TEXTS, es: ES_CHAT_VOICE_TEXTS },
  { name: 'CHAT_PROMPT_TEXTS', en: CHAT_PROMPT_TEXTS, es: ES_CHAT_PROMPT_TEXTS },
  { name: 'RICH_ANSWER_TEXTS', en: RICH_ANSWER_TEXTS, es: ES_RICH_ANSWER_TEXTS },
  { name: 'PROMPT_RESULTS_TEXTS', en: PROMPT_RESULTS_TEXTS, es: ES_PROMPT_RESULTS_TEXTS },
  { name: 'PAST_SUMMARIES_TEXTS', en: PAST_SUMMARIES_TEXTS, es: ES_PAST_SUMMARIES_TEXTS },
  { name: 'CREDIT_CONTROLS_TEXTS', en: CREDIT_CONTROLS_TEXTS, es: ES_CREDIT_CONTROLS_TEXTS },
  { name: 'API_KEY_TEXTS', en: API_KEY_TEXTS, es: ES_API_KEY_TEXTS },
  { name: 'CREDIT_PACK_TEXTS', en: CREDIT_PACK_TEXTS, es: ES_CREDIT_PACK_TEXTS },
  { name: 'SERVER_ERROR_TEXTS', en: SERVER_ERROR_TEXTS, es: ES_SERVER_ERROR_TEXTS },
  { name: 'PALETTE_TEXTS', en: PALETTE_TEXTS, es: ES_PALETTE_TEXTS },
  { name: 'PALETTE_PAGES', en: PALETTE_PAGES, es: ES_PALETTE_PAGES },
  { name: 'SHORTCUTS', en: SHORTCUTS, es: ES_SHORTCUTS },
  { name: 'DATA_EXPORT_TEXTS', en: DATA_EXPORT_TEXTS, es: ES_DATA_EXPORT_TEXTS },
  { name: 'ACCOUNT_CONTROL_TEXTS', en: ACCOUNT_CONTROL_TEXTS, es: ES_ACCOUNT_CONTROL_TEXTS },
  { name: 'DATA_EXPORT_ERROR_TEXTS', en: DATA_EXPORT_ERROR_TEXTS, es: ES_DATA_EXPORT_ERROR_TEXTS },
  // Also nested in UI_TEXTS (share, chatWorkspace, imageBoards, library), listed on their own so each is checked.
  { name: 'CHAT_SHARE_TEXTS', en: CHAT_SHARE_TEXTS, es: ES_CHAT_SHARE_TEXTS },
  { name: 'CHAT_WORKSPACE_TEXTS', en: CHAT_WORKSPACE_TEXTS, es: ES_CHAT_WORKSPACE_TEXTS },
  { name: 'IMAGE_BOARD_TEXTS', en: IMAGE_BOARD_TEXTS, es: ES_IMAGE_BOARD_TEXTS },
  { name: 'LIBRARY_TEXTS', en: LIBRARY_TEXTS, es: ES_LIBRARY_TEXTS },
  { name: 'ERROR_TEXTS', en: ERROR_TEXTS, es: ES_ERROR_TEXTS },
  { name: 'IMAGE_BOARD_ERRORS', en: IMAGE_BOARD_ERRORS, es: ES_IMAGE_BOARD_ERRORS },
  { name: 'CHAT_PROMPT_ERRORS', en: CHAT_PROMPT_ERRORS, es: ES_CHAT_PROMPT_ERRORS },
  { name: 'LANGUAGE_ERRORS', en: LANGUAGE_ERRORS, es: ES_LANGUAGE_ERRORS },
  { name: 'DEEP_SEARCH_TEXTS', en: DEEP_SEARCH_TEXTS, es: ES_DEEP_SEARCH_TEXTS },
  { name: 'PHOTO_EFFECT_FAILED_TEXTS', en: PHOTO_EFFECT_FAILED_TEXTS, es: ES_PHOTO_EFFECT_FAILED_TEXTS },
  { name: 'CHAT_REPLY_FAILED_TEXTS', en: CHAT_REPLY_FAILED_TEXTS, es: ES_CHAT_REPLY_FAILED_TEXTS },
  { name: 'TOOL_CATEGORY_TEXTS', en: TOOL_CATEGORY_TEXTS, es: ES_TOOL_CATEGORY_TEXTS },
  { name: 'OUTPUT_LANGUAGE_TEXTS', en: OUTPUT_LANGUAGE_TEXTS, es: ES_OUTPUT_LANGUAGE_TEXTS },
  { name: 'OFFLINE_TEXTS', en: OFFLINE_TEXTS, es: ES_OFFLINE_TEXTS },
] as const;

for (const { en, es } of TEXT_CATALOGUES) registerTexts(en, { es });
// The tool, plan and option tables: only their texts are translated (catalogue-views.ts; checked in catalogues.test.ts).
registerTexts(TOOL_ROWS, { es: ES_TOOL_TEXTS });
registerTexts(PLAN_ROWS, { es: ES_PLAN_TEXTS });
registerTexts(OPTION_ROWS, { es: ES_OPTION_TEXTS });

// The page's language is in <html lang> before any script of ours runs (lang-boot.js); servers have no document and
// stay English.
const page = (globalThis as { document?: { documentElement: { lang: string } } }).document;
if (page) setLocale(pickLocale([page.documentElement.lang]));
