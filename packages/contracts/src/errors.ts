// Error codes and every user-facing error text (docs/product-rules.md#validation and #errors), shared by servers and
// browser. Servers put these texts in `{success:false, error, code}`; clients show the server's text and fall back to
// these.
import { z } from 'zod';
import { IMAGE_BOARD_ERRORS } from './image-board-texts';
import { LIMITS } from './limits';
import type { BillingCycle } from './plans';

/** Machine-readable error codes. Clients branch on these, never on message text. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** A request body sent slower than the servers' minimum rate, cut before its end (docs/limits.md#slow-bodies). */
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  INSUFFICIENT_CREDITS: 'INSUFFICIENT_CREDITS',
  /** The member's own monthly spending cap refuses the charge (docs/charges.md#spend-cap-and-usage-notices). */
  SPEND_CAP_REACHED: 'SPEND_CAP_REACHED',
  /** The API key's own monthly credit limit refuses the charge (docs/product-rules.md#personal-api-keys). */
  API_KEY_LIMIT_REACHED: 'API_KEY_LIMIT_REACHED',
  NEEDS_SIGNUP: 'NEEDS_SIGNUP',
  GUEST_IP_REQUIRED: 'GUEST_IP_REQUIRED',
  PROVIDER_FAILED: 'PROVIDER_FAILED',
  PROVIDER_UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_CODES = Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/**
 * The one code → HTTP status table (services, gateway and browser all read this one; a second copy would drift).
 * INSUFFICIENT_CREDITS is 402 (payment required); NEEDS_SIGNUP is 403 rather than 401 so clients do not mistake a
 * used-up guest trial for an expired token and start a refresh.
 */
export const ERROR_HTTP_STATUS: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  REQUEST_TIMEOUT: 408,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INSUFFICIENT_CREDITS: 402,
  SPEND_CAP_REACHED: 402,
  API_KEY_LIMIT_REACHED: 402,
  NEEDS_SIGNUP: 403,
  GUEST_IP_REQUIRED: 400,
  PROVIDER_FAILED: 502,
  PROVIDER_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export const ERROR_TEXTS = {
  /** Auth and profile texts (docs/product-rules.md#errors). */
  auth: {
    failedToCreateUser: 'Failed to create user',
    failedToSignIn: 'Failed to sign in',
    failedToCreateOrRetrieveProfile: 'Failed to create or retrieve user profile',
    failedToRetrieveProfile: 'Failed to retrieve user profile',
    unexpected: 'An unexpected error occurred',
    unexpectedDuringGoogleSignIn: 'An unexpected error occurred during Google sign-in',
    authenticationFailed: 'Authentication failed',
    googleSignInFailed: 'Google sign-in failed',
    unexpectedWithGoogleSignIn: 'An unexpected error occurred with Google sign-in',
    // docs/product-rules.md#errors names these auth-library conditions without texts; the wording is ours.
    sessionMissing: 'Auth session missing',
    weakPassword: 'Password should be at least 6 characters',
    invalidJwt: 'Invalid or expired access token',
    retryableFetch: 'The service is temporarily unavailable. Please try again.',
  },
  /** Tool-use (credit charge) texts (docs/product-rules.md#errors). */
  toolUse: {
    guestIpRequired: 'IP address required for guest usage',
    failedToRecordUsage: 'Failed to record usage',
    userNotFound: 'User not found',
    insufficientCredits: 'Insufficient credits',
    failedToUpdateCredits: 'Failed to update credits',
    failedToUseTool: 'Failed to use tool',
    unexpected: 'An unexpected error occurred',
    // The spec returns only a needsSignup flag for a guest whose free use is spent; this text is ours.
    needsSignup: 'You have used your free try of this tool. Sign up to keep creating.',
  },
  generic: {
    unexpected: 'An unexpected error occurred',
    failedToProcessRequest: 'Failed to process request',
  },
  /**
   * Validation texts (docs/product-rules.md#validation, plus a few of ours where the spec states a rule without a
   * text).
   */
  validation: {
    invalidImage: 'Please select a valid image file (PNG, JPG, JPEG, WebP)',
    imageTooLarge: 'Image file size must be less than 10MB',
    invalidChatImage: 'Please select a valid image file',
    invalidPdf: 'Please select a valid PDF file',
    invalidAudio: 'Please select a valid audio file (MP3, WAV, M4A, etc.)',
    audioTooLarge: 'Audio file size must be less than 5MB',
    insufficientCreditsPlayground: 'Insufficient credits. 5 credits required to send a message.',
    insufficientCreditsReasoning: 'Insufficient credits. 6 credits required to send a reasoning query.',
    insufficientCreditsWebChat: 'Insufficient credits. 6 credits required to start a web chat.',
    // Ours: the spec gives the web-search text only; a web chat follow-up's price is ours (the catalogue's followUp).
    insufficientCreditsChatAgentBase: 'Insufficient credits. 2 credits required to send a message.',
    insufficientCreditsWebChatFollowUp: 'Insufficient credits. 2 credits required to ask about the page.',
    /** See insufficientCreditsChatAgent below. */
    insufficientCreditsChatAgent: (required: number) =>
      `Insufficient credits. ${required} credits required (2 base + 5 for web search).`,
    insufficientCreditsYoutube: 'Insufficient credits. 4 credits required.',
    // Ours: a question about a summarized video (the catalogue's followUp price).
    insufficientCreditsYoutubeAsk: 'Insufficient credits. 2 credits required to ask about the video.',
    insufficientCreditsTextToImage: 'Insufficient credits. 20 credits required to generate an image.',
    enterYourQuestion: 'Please enter your question.',
    noActiveChatSession: 'No active chat session.',
    invalidYoutubeUrl: 'Please enter a valid YouTube URL',
    enterPrompt: 'Please enter a prompt',
    textTooLong: 'Text Too Long',
    descriptionTooLong: 'Description Too Long',
    // Ours: the spec states these rules but shows no text for them.
    pdfTooLarge: 'PDF file size must be less than 10MB',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    emailTooLong: 'Email must be at most 254 characters',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password should be at least 6 characters',
    passwordTooLong: 'Password must be at most 128 characters',
    currentPasswordRequired: 'Current password is required',
    textRequired: 'Please enter some text',
    magicEnhanceTextTooLong: 'Text must be at most 4000 characters',
    promptTooLong: 'Prompt must be at most 1000 characters',
    negativePromptTooLong: 'Negative prompt must be at most 200 characters',
    seedInvalid: 'Seed must be a whole number between 0 and 4294967295',
    voiceRequired: 'Please select a voice',
    soundDescriptionRequired: 'Please describe the sound effect',
    analysisTaskRequired: 'Please select an analysis task',
    actionDescriptionRequired: 'Please describe the action in the video',
    actionDescriptionTooLong: 'Action description must be at most 1000 characters',
    ageChangeRequired: 'Please describe the age change',
    backgroundDescriptionRequired: 'Please describe the new background',
    expressionRequired: 'Please enter an expression',
    effectTextTooLong: 'Text must be at most 200 characters',
    messageRequired: 'Please enter a message',
    messageTooLong: 'Message must be at most 8000 characters',
    modelNoVision: 'This model does not support image attachments',
    modelNoPdf: 'This model does not support PDF attachments',
    modelNoWebSearch: 'This model does not support web search',
    invalidThumbnailUrl: 'Please enter a valid YouTube watch or short link',
    invalidRequest: 'Invalid request',
    /** See invalidWebsiteUrl below. */
    invalidWebsiteUrl: (exampleHost: string) => `Please enter a valid website URL (e.g., ${exampleHost})`,
    // Ours: every date a request names (filters, expiry dates) must be a real instant between these years.
    dateOutOfRange: 'Please enter a valid date between the years 2000 and 2100.',
    // Ours: PostgreSQL cannot store U+0000 in text, so no field of any request may hold it (docs/security.md).
    nulCharacter: 'Text cannot contain the null character (U+0000). Please remove it and try again.',
  },
  /** Network fallbacks (docs/product-rules.md#errors): shown when a call fails without a server text. */
  network: {
    fetchUsageHistory: 'Failed to fetch usage history',
    generateImage: 'Failed to generate image',
    sendMessage: 'Failed to send message',
    fetchSessions: 'Failed to fetch sessions',
    deleteSession: 'Failed to delete session',
    fetchMessages: 'Failed to fetch messages',
    generatePrompt: 'Failed to generate prompt',
    generateDescription: 'Failed to generate description',
    generateVideoPrompt: 'Failed to generate video prompt',
    fetchImages: 'Failed to fetch images',
    generateSpeech: 'Failed to generate speech',
    fetchVoices: 'Failed to fetch voices',
    generateSoundEffect: 'Failed to generate sound effect',
    processVoiceIsolation: 'Failed to process voice isolation',
    summarizeVideo: 'Failed to summarize video',
    getThumbnails: 'Failed to get thumbnails',
    processAgeProgression: 'Failed to process age progression',
    processBabyVersion: 'Failed to process baby version',
    processBackgroundChange: 'Failed to process background change',
    processCartoonify: 'Failed to process cartoonify',
    processBroccoliHaircut: 'Failed to process broccoli haircut',
    processColorCorrection: 'Failed to process color correction',
    processExpressionChange: 'Failed to process expression change',
  },
  /** Texts shown by tool screens (docs/product-rules.md#errors). */
  ui: {
    generatePrompt: 'Failed to generate prompt',
    generatePromptRetry: 'Failed to generate prompt. Please try again.',
    enhancePrompt: 'Failed to enhance prompt',
    enhancePromptRetry: 'Failed to enhance prompt. Please try again.',
    generateDescription: 'Failed to generate description',
    generateDescriptionRetry: 'Failed to generate description. Please try again.',
    generateVideoPrompt: 'Failed to generate video prompt',
    generateVideoPromptRetry: 'Failed to generate video prompt. Please try again.',
    readImageFile: 'Failed to read image file',
    processRequest: 'Failed to process request',
    copyToClipboard: 'Failed to copy to clipboard',
    downloadImage: 'Failed to download image',
    downloadImageDot: 'Failed to download image.',
    downloadThumbnail: 'Failed to download thumbnail',
    generateImage: 'Failed to generate image',
    generateImageRetry: 'Failed to generate image. Please try again.',
    processExpressionChange: 'Failed to process expression change',
    processExpressionChangeRetry: 'Failed to process expression change. Please try again.',
  },
  chat: {
    loadChatSessions: 'Failed to load chat sessions',
    loadChatMessages: 'Failed to load chat messages',
    deleteChatSession: 'Failed to delete chat session',
    sendMessage: 'Failed to send message',
    loadReasoningSessions: 'Failed to load reasoning sessions',
    loadReasoningMessages: 'Failed to load reasoning messages',
    deleteReasoningSession: 'Failed to delete reasoning session',
    sendReasoningQuery: 'Failed to send reasoning query',
    loadWebChatSessions: 'Failed to load web chat sessions',
    loadWebChatMessages: 'Failed to load web chat messages',
    deleteWebChatSession: 'Failed to delete web chat session',
    startWebChat: 'Failed to start web chat',
    noAnswerReceived: 'No answer received.',
    sendMessageDot: 'Failed to send message.',
    // Ours: a session id that does not exist or belongs to someone else.
    sessionNotFound: 'Chat session not found',
    // Ours: the 503 of every chat tool while the chat service has no provider key (OPENAI_API_KEY).
    providerKeyMissing:
      'Chat needs a provider key: this server has no AI provider key configured, so chat cannot answer yet.',
    // Ours: renaming a session failed.
    renameSession: 'Failed to rename session',
    // Ours: the web page behind a web chat could not be fetched.
    fetchWebPage: 'Could not read that web page. Please check the URL and try again.',
    // Ours: why a web chat's page was refused before anything was charged (400, details.field 'url').
    webPageBlocked: 'That address points to a private or local network, so it cannot be opened.',
    webPagePort: 'Only web pages on the usual ports (80, 443 or 1024 and above) can be opened.',
    webPageTooLarge: 'That page is larger than 5 MB, so it cannot be read.',
    webPageTimeout: 'That page took too long to load (more than 15 seconds).',
    webPageType: 'That page is not HTML, plain text or PDF, so it cannot be read.',
    webPageEmpty: 'That page has no readable text.',
    webPageTooManyRedirects: 'That page redirects too many times.',
    // Ours: a PDF attachment whose text cannot be read (a model without native PDF input gets its text).
    pdfUnreadable: 'The PDF could not be read. Please attach another file.',
    // Ours (issue 25): fusing a playground turn's answers failed (free), or the turn has nothing to fuse yet.
    fuseFailed: 'Failed to fuse the answers. You were not charged.',
    fuseNotReady: 'There are no finished answers to fuse yet.',
    // Ours: the bounds on free copies of a session (429, nothing made; LIMITS.chatCopies).
    shareDailyCap: `This chat has already been shared ${LIMITS.chatCopies.perSessionPerDay} times today. You can share it again tomorrow (days start at midnight UTC); the links made today are under Shared chats in your account.`,
    continueDailyCap: `This comparison has already been continued ${LIMITS.chatCopies.perSessionPerDay} times today. You can continue it again tomorrow (days start at midnight UTC); the chats made from it today are in Chat Agent.`,
    shareRateLimited: `You have made ${LIMITS.chatCopies.perMemberPerHour} share links in the last hour, the most an hour allows. Please try again later.`,
    continueRateLimited: `You have continued ${LIMITS.chatCopies.perMemberPerHour} comparisons in the last hour, the most an hour allows. Please try again later.`,
  },
  youtube: {
    summarizeVideo: 'Failed to summarize video',
    generateSummaryRetry: 'Failed to generate summary. Please try again.',
    getThumbnails: 'Failed to get thumbnails.',
    // Ours: the video exists in the URL but its page or transcript cannot be read.
    videoUnavailable: 'This video is unavailable or has no captions to summarize',
    // Ours (issue 24): the transcript endpoint (docs/product-rules.md#youtube-transcript).
    noTranscript: 'This video has no transcript to show',
    transcriptTooLong: 'This transcript is too long to show or download',
    loadTranscript: 'Failed to load the transcript',
    downloadTranscript: 'Failed to download the transcript',
    // Ours (docs/product-rules.md#youtube-ask): questions about a summarized video.
    askNeedsProviderKey:
      'Asking about a video needs an AI provider key: this server has none configured, so questions cannot be answered yet. The summary, its chapters and the transcript still work.',
    askNoTranscript: 'This video has no transcript, so questions about it cannot be answered',
    askFailed: 'Failed to answer the question. Please try again.',
  },
  /** Ours: text-to-image texts the spec does not list. */
  image: {
    // The 503 of text to image while the image service has no provider key (FAL_KEY); nothing is charged.
    providerKeyMissing:
      'Text to Image needs a provider key: this server has no image provider key configured, so images cannot be generated yet.',
    // An image id that does not exist or belongs to someone else.
    imageNotFound: 'Image not found',
    // The provider did not finish within the time limit (FAL_TIMEOUT_MS); the hold is released.
    generationTimedOut:
      'Image generation took too long and was cancelled. No credits were charged. Please try again.',
    deleteImage: 'Failed to delete image',
    updateImage: 'Failed to update image',
    // The 503 of a photo effect that needs a model while there is no FAL_KEY; nothing is charged.
    effectNeedsProviderKey:
      'This photo effect needs a provider key: this server has no image provider key configured, so it cannot run yet. Color Correction and Cartoonify work without one.',
    // Several images per run (docs/product-rules.md#images-per-run).
    numImagesInvalid: 'Number of images must be 1, 2, 3 or 4',
    /** A run of `count` images that the balance cannot cover (20 credits each). */
    insufficientCreditsImages: (count: number, credits: number) =>
      `Insufficient credits. ${credits} credits required to generate ${count} images.`,
    // Upscale and Edit a region (docs/product-rules.md#upscale, #edit-a-region): refusals before anything is held.
    imageOrFromRequired: 'Please upload an image or choose one of your images',
    imageAndFromBoth: 'Please send either an uploaded image or one of your images, not both',
    upscaleScaleInvalid: 'Scale must be 2 or 4',
    /** The result of `scale`× would pass the upload pixel cap. */
    upscaleTooLarge: (scale: number) =>
      `This image is too large to upscale ${scale}×: the result would be over 40 megapixels. Try 2× or a smaller image.`,
    upscaleFailed: 'Failed to upscale the image. Please try again.',
    editPromptRequired: 'Please describe what to paint in the masked area',
    editMaskRequired: 'Please paint over the area to change',
    editMaskInvalid: 'The mask must be a PNG, JPG or WebP image',
    editMaskEmpty: 'The mask is empty: paint over the area to change first',
    editMaskSizeMismatch: (mask: string, image: string) =>
      `The mask (${mask}) must be the same size as the image (${image})`,
    editNeedsProviderKey:
      'Edit a Region needs a provider key: this server has no image provider key configured, so regions cannot be edited yet. Upscale works without one.',
    editFailed: 'Failed to edit the image. Please try again.',
  },
  /** Ours: image boards (docs/product-rules.md#image-boards). */
  imageBoards: IMAGE_BOARD_ERRORS,
  gallery: {
    loadMoreImages: 'Failed to load more images.',
    loadGalleryImages: 'Failed to load gallery images.',
  },
  audio: {
    loadVoices: 'Failed to load voices',
    generateSpeech: 'Failed to generate speech',
    generateSoundEffect: 'Failed to generate sound effect',
    isolateVoice: 'Failed to isolate voice',
    processAudioRetry: 'Failed to process audio. Please try again.',
    downloadAudioFile: 'Failed to download audio file.',
  },
  /** Ours: voice service texts the spec does not list. */
  voice: {
    unknownVoice: 'Please select one of the listed voices',
    durationRange: 'Duration must be between 2 and 10 seconds',
    audioTooLong: 'Audio must be at most 5 minutes long',
    audioUnreadable: 'This audio file could not be read. Please try another file.',
    localFormats:
      'Without a provider key only MP3 and WAV files can be processed here. Please upload an MP3 or WAV file.',
    clipNotFound: 'Audio not found',
    jobNotFound: 'Job not found',
    /** Ours (docs/product-rules.md#dictation): the provider failed; nothing was charged. */
    transcribeFailed: 'Could not turn the recording into text. Please try again.',
    /** Ours: a recording with no words in it; nothing was charged. */
    transcribeEmpty: 'No speech was heard in the recording. Please try again.',
  },
  subscription: {
    paymentInitFailed: 'Payment system initialization failed',
    paymentNotReady: 'Payment system not ready. Please try again.',
    startSubscription: 'Failed to start subscription process',
    cancelSubscription: 'Failed to cancel subscription',
    // Ours.
    noSubscription: 'No active subscription to cancel',
    noSubscriptionToChange: 'No active subscription to change',
    alreadyOnPlan: 'You are already on this plan',
    subscriptionEnding:
      'Your subscription ends at the close of the current billing period, so its plan can no longer be changed',
    billingNotConfigured: 'Payments are not configured',
    invalidWebhookSignature: 'Invalid webhook signature',
  },
  usage: {
    loadUsageHistory: 'Failed to load usage history',
  },
  /** Ours: the member's library (docs/product-rules.md#library). */
  library: {
    /** The result's own service did not answer the delete in time: nothing was deleted. */
    deleteUnavailable: 'This item could not be deleted right now. Nothing was changed; please try again.',
  },
  /** Ours (issue 38): chat projects and custom instructions (docs/product-rules.md#chat-workspace). */
  chatWorkspace: {
    projectNameRequired: 'Please enter a project name',
    projectNameTooLong: 'Project name must be at most 100 characters',
    instructionsTooLong: 'Instructions must be at most 4000 characters',
    nothingToChange: 'Nothing to change',
    tooManyProjects: 'You can keep at most 100 projects. Delete one to make another.',
  },
  /** Ours: server-side texts the spec does not list. */
  server: {
    emailTaken: 'An account with this email already exists',
    invalidCredentials: 'Invalid email or password',
    currentPasswordIncorrect: 'Current password is incorrect',
    rateLimited: 'Too many requests. Please try again later.',
    notAvailableWithoutProviderKey: 'This tool is not available without a provider key',
    unauthenticated: 'Authentication required',
    forbidden: 'You do not have access to this resource',
    notFound: 'Not found',
    /** A stored file's URL whose signature is wrong or whose time is up. */
    fileLinkInvalid: 'This file link is invalid or has expired',
    payloadTooLarge: 'Request body is too large',
    /** A body cut for arriving slower than the minimum rate (docs/limits.md#slow-bodies). */
    uploadTooSlow: 'The upload was too slow and was stopped. Please try again on a faster connection.',
    unsupportedMediaType: 'Unsupported media type',
    malformedJson: 'The request body is not valid JSON',
    unreadableRequest: 'The request could not be read',
    serviceUnavailable: 'The service is temporarily unavailable. Please try again.',
    sessionExpired: 'Your session has expired. Please sign in again.',
    invalidRecoveryToken: 'This link is invalid or has expired',
    googleNotConfigured: 'Google sign-in is not configured',
    providerFailed: 'The AI provider failed to answer. Please try again.',
    /** Ours: a browser request to a cookie endpoint (refresh, sign-out) started by another site's page. */
    crossSiteRefused: 'This request must come from the AI Creative Toolbox site itself',
  },
} as const;

/**
 * 'Insufficient credits. N credits required (2 base + 5 for web search).' (docs/product-rules.md#validation, chat
 * agent).
 */
export function insufficientCreditsChatAgent(required: number): string {
  return ERROR_TEXTS.validation.insufficientCreditsChatAgent(required);
}

/** 'Please enter a valid website URL (e.g., {host})' (docs/product-rules.md#validation, web chat). */
export function invalidWebsiteUrl(exampleHost: string): string {
  return ERROR_TEXTS.validation.invalidWebsiteUrl(exampleHost);
}

/**
 * Ours: a downgrade must keep the billing cycle the member pays now; Paddle would otherwise restart the billing
 * period without charging (a free year) or drop the time already paid for.
 */
export function downgradeKeepsCycle(currentCycle: BillingCycle): string {
  return `A downgrade keeps your current billing cycle. Choose the ${currentCycle} price to downgrade.`;
}

/** Ours: the 503 text of a tool whose provider has no key configured. */
export function notAvailableWithoutProviderKey(toolName: string): string {
  return `${toolName} is not available without a provider key`;
}
