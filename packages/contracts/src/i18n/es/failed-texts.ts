// Spanish PHOTO_EFFECT_FAILED_TEXTS and CHAT_REPLY_FAILED_TEXTS (docs/architecture.md#languages): like the English
// tables, each entry is one of the error catalogue's texts, so a wording lives once.
import type { Catalogue } from '../catalogue';
import type { CHAT_REPLY_FAILED_TEXTS, PHOTO_EFFECT_FAILED_TEXTS } from '../english';
import { ES_DEEP_SEARCH_TEXTS } from './deep-search-texts';
import { ES_ERROR_TEXTS } from './error-texts';

const N = ES_ERROR_TEXTS.network;
const C = ES_ERROR_TEXTS.chat;

export const ES_PHOTO_EFFECT_FAILED_TEXTS: Catalogue<typeof PHOTO_EFFECT_FAILED_TEXTS> = {
  'age-progression': N.processAgeProgression,
  'baby-version': N.processBabyVersion,
  'background-change': N.processBackgroundChange,
  cartoonify: N.processCartoonify,
  'broccoli-haircut': N.processBroccoliHaircut,
  'color-correction': N.processColorCorrection,
  'expression-change': N.processExpressionChange,
};

export const ES_CHAT_REPLY_FAILED_TEXTS: Catalogue<typeof CHAT_REPLY_FAILED_TEXTS> = {
  playground: C.sendMessage,
  reasoning: C.sendReasoningQuery,
  agent: C.sendMessage,
  fuse: C.fuseFailed,
  'deep-search': ES_DEEP_SEARCH_TEXTS.failed,
  'web-start': C.startWebChat,
  'web-follow-up': C.sendMessage,
};
