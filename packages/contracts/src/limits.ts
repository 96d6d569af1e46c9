// Numeric limits and timings of docs/product-rules.md#states, #validation and #costs-and-limits (plus a few of ours,
// marked), used by validation and the UI.

const MiB = 1024 * 1024;

/** Characters of a base64 data URL carrying `bytes` bytes, with room for the `data:<mime>;base64,` header. */
export function dataUrlMaxChars(bytes: number): number {
  const DATA_URL_HEADER_ALLOWANCE = 128;
  return Math.ceil(bytes / 3) * 4 + DATA_URL_HEADER_ALLOWANCE;
}

export const LIMITS = {
  /** Upload sizes in bytes (decoded). */
  imageBytes: 10 * MiB,
  audioBytes: 5 * MiB,
  pdfBytes: 10 * MiB,
  /** Longest data URL accepted for each upload kind (base64 of the byte limit plus header). */
  imageDataUrlChars: dataUrlMaxChars(10 * MiB),
  audioDataUrlChars: dataUrlMaxChars(5 * MiB),
  pdfDataUrlChars: dataUrlMaxChars(10 * MiB),
  /**
   * Ours: largest image (width × height, about 40 MP) any service decodes. The byte cap alone does not bound memory:
   * a 10 MB PNG can declare 16k×16k and decode to about 1 GB.
   */
  imagePixels: 40_000_000,

  passwordMin: 6,
  /** Ours: bounds hashing work per sign-in attempt. */
  passwordMax: 128,
  /** RFC 5321 path limit. */
  emailMax: 254,

  prompt: 1000,
  negativePrompt: 200,
  ttsText: 2000,
  /** Share of ttsText above which the counter turns into a warning (docs/product-rules.md#validation: above 90%). */
  ttsWarnRatio: 0.9,
  soundEffect: 500,
  /** Ours: magic enhance input. */
  magicEnhanceText: 4000,
  /** Ours: image-to-video action description. */
  actionDescription: 1000,
  /** Ours: age change, background description, expression. */
  effectText: 200,
  /** Ours: one chat message. */
  chatMessage: 8000,
  /** Ours: messages per model kept in a playground conversation history sent by the browser. */
  chatHistoryMessages: 50,
  /**
   * Ours: copies of a chat session, each free and stored (docs/product-rules.md#shared-chats, #fuse): share links and
   * sessions continued from a comparison, each at most this many per session per day (UTC) and per member per hour.
   */
  chatCopies: { perSessionPerDay: 10, perMemberPerHour: 30 },
  /** Ours: web chat URL. */
  urlMax: 2048,
  /** Ours: the page a web chat reads: its size, the time to fetch it, redirects followed, PDF pages read. */
  webPageBytes: 5 * MiB,
  webPageTimeoutMs: 15_000,
  webPageRedirects: 5,
  pdfTextPages: 200,
  /** Ours: characters of page (or PDF attachment) text handed to a model. */
  modelDocumentChars: 60_000,
  /** Ours: images one text-to-image run may ask for (each charged as one use). */
  imagesPerRunMax: 4,
  /** Ours: the factors Upscale offers. */
  upscaleScales: [2, 4],
  /** Ours: the edit prompt (what to paint in the masked area). */
  editPrompt: 1000,
  /** Ours: mask brush sizes in image pixels per CSS pixel of the canvas (min, default, max) and the rectangle step. */
  maskBrush: { min: 4, default: 32, max: 128, step: 4 },
  /** Largest seed accepted by text to image (unsigned 32 bit). */
  seedMax: 4294967295,

  galleryPageSize: 8,
  galleryScrollTriggerPx: 100,
  /** Ours: largest page a gallery request may ask for. */
  galleryMaxPageSize: 50,
  sessionPageSize: 10,
  sessionScrollTriggerPx: 50,
  /** Ours: default and largest page of a member's list that has no figure of its own. */
  pageSize: 20,
  maxPageSize: 100,
  /** Ours: longest opaque page cursor a list accepts (ours hold a timestamp and a UUID, about 100 characters). */
  cursorChars: 256,
  /** Ours: default and largest page of usage history. */
  usageHistoryPageSize: 50,
  usageHistoryMaxPageSize: 200,

  copiedMs: 2000,
  toastLimit: 20,
  toastMaxWidthPx: 350,
  zoom: { min: 0.25, max: 3, step: 0.25 },
  slider: { min: 0, max: 100, default: 50 },

  newUserCredits: 50,
  guestWindowHours: 24,
  guestUsesPerWindow: 1,

  /** Session auto-refresh: check every tick; refresh when fewer than `marginTicks` ticks remain before expiry. */
  refresh: {
    tickMs: 30_000,
    marginTicks: 3,
    backoffStartMs: 200,
    backoffFactor: 2,
    backoffMaxTotalMs: 30_000,
  },
  realtimeReconnectDelaysMs: [1000, 2000, 5000, 10000],
  /** Text-to-image progress bar. */
  progress: { cap: 90, stepMax: 10, intervalMs: 500 },
  paymentReadyPollMs: 1000,

  /** Object storage defaults (docs/product-rules.md#costs-and-limits). */
  storage: { listLimit: 100, listOffset: 0, cacheControlSeconds: 3600 },

  /** Refund policy figures (docs/product-rules.md#costs-and-limits). */
  refund: {
    subscriptionDays: 7,
    unusedCreditPurchaseDays: 3,
    technicalIssueDays: 30,
    accidentalPurchaseHours: 24,
    reviewBusinessDays: { min: 3, max: 5 },
    supportResponseHours: 24,
    cardRefundBusinessDays: { min: 3, max: 5 },
    paypalRefundBusinessDays: { min: 1, max: 2 },
    bankTransferRefundBusinessDays: { min: 5, max: 7 },
    liabilityMonths: 12,
  },

  /**
   * Voice isolator processing takes 30-120 s (docs/product-rules.md#costs-and-limits); sound effects are typically
   * 2-10 s long.
   */
  voiceIsolatorSeconds: { min: 30, max: 120 },
  soundEffectSeconds: { min: 2, max: 10 },
  /** Ours: longest uploaded audio (voice isolator, speech to speech) a tool accepts, in seconds. */
  audioMaxSeconds: 300,
  /** Ours: longest voice id accepted (ElevenLabs ids are 20 characters; local ids are short names). */
  voiceIdChars: 64,
} as const;
