// Shared building blocks of the HTTP contracts: reply envelopes, the remainingCredits field and data-URL uploads.
import { z } from 'zod';
import { ERROR_TEXTS, ErrorCodeSchema } from '../errors';
import { LIMITS } from '../limits';
import { ToolIdSchema } from '../tools';

const V = ERROR_TEXTS.validation;

/** `{success:false, error, code}` — error is the spec's text; needsSignup marks a guest whose free use is spent. */
export const ErrorReplySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: ErrorCodeSchema,
  needsSignup: z.boolean().optional(),
  /** Present on 500s so support can find the log line. */
  requestId: z.string().optional(),
});
export type ErrorReply = z.infer<typeof ErrorReplySchema>;

export const SuccessReplySchema = z.object({ success: z.literal(true) });
export type SuccessReply = z.infer<typeof SuccessReplySchema>;

/** `{success:true, ...shape}`. */
export function successReply<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ success: z.literal(true), ...shape });
}

/** A reply that is either the given success shape or an ErrorReply. */
export function apiReply<S extends z.ZodObject>(success: S) {
  return z.discriminatedUnion('success', [success, ErrorReplySchema]);
}

/** Balance after the call; null for guests, who have no balance (the browser then keeps its value). */
export const RemainingCreditsSchema = z.number().int().nonnegative().nullable();
export const remainingCreditsField = { remainingCredits: RemainingCreditsSchema };

/**
 * The `error` event that ends a tool's streamed reply (text to image, voice jobs, YouTube summaries): the spec's text
 * and code, and the balance when the failure settled a charge.
 */
export const ToolStreamErrorEventSchema = z.object({
  type: z.literal('error'),
  error: z.string(),
  code: ErrorCodeSchema,
  remainingCredits: RemainingCreditsSchema.optional(),
});

/**
 * Optional tool id the browser sends (docs/product-rules.md#endpoints toolName). Servers ignore it for charging: each
 * endpoint knows its own tool, so a caller can never pick a cheaper one.
 */
export const ToolNameFieldSchema = ToolIdSchema.optional();

/** A question to research or to ask of a video: required, at most as long as a chat message. */
export const QuestionFieldSchema = z
  .string({ error: () => V.enterYourQuestion })
  .trim()
  .min(1, { error: () => V.enterYourQuestion, abort: true })
  .max(LIMITS.chatMessage, { error: () => V.messageTooLong });

/** The texts are getters, read when a value is refused: in a browser they are in the page's language by then. */
function dataUrlSchema(
  prefix: RegExp,
  maxChars: number,
  typeMessage: () => string,
  sizeMessage: () => string,
) {
  // Length is checked first and aborts, so an absurdly large string fails before any regex runs.
  // The servers still check the decoded byte count and the magic bytes.
  return z
    .string({ error: typeMessage })
    .max(maxChars, { error: sizeMessage, abort: true })
    .regex(prefix, { error: typeMessage });
}

/**
 * The image types an upload may be (docs/product-rules.md#validation: PNG, JPG, JPEG, WebP), the one list behind the
 * data-URL pattern below, the services' magic-byte check (service-kit's ImageMime) and the browser's file picker and
 * type check.
 */
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageUploadType = (typeof IMAGE_UPLOAD_TYPES)[number];
/** How a file of those types may be labelled: its type, or the non-standard `image/jpg` some systems give a JPEG. */
export const IMAGE_UPLOAD_LABELS: readonly string[] = [...IMAGE_UPLOAD_TYPES, 'image/jpg'];

/** `data:<one of IMAGE_UPLOAD_LABELS>;base64,`. */
const IMAGE_DATA_URL_PREFIX = new RegExp(`^data:(${IMAGE_UPLOAD_LABELS.join('|')});base64,`, 'i');

/** `data:image/<type>;base64,...` up to 10 MB decoded. */
export const ImageDataUrlSchema = dataUrlSchema(
  IMAGE_DATA_URL_PREFIX,
  LIMITS.imageDataUrlChars,
  () => V.invalidImage,
  () => V.imageTooLarge,
);
/** Chat attachments use the shorter spec text for a wrong type. */
export const ChatImageDataUrlSchema = dataUrlSchema(
  IMAGE_DATA_URL_PREFIX,
  LIMITS.imageDataUrlChars,
  () => V.invalidChatImage,
  () => V.imageTooLarge,
);
export const PdfDataUrlSchema = dataUrlSchema(
  /^data:application\/pdf;base64,/i,
  LIMITS.pdfDataUrlChars,
  () => V.invalidPdf,
  () => V.pdfTooLarge,
);
export const AudioDataUrlSchema = dataUrlSchema(
  /^data:(audio\/[a-z0-9.+-]+|video\/(webm|mp4));base64,/i,
  LIMITS.audioDataUrlChars,
  () => V.invalidAudio,
  () => V.audioTooLarge,
);

/** Decoded size in bytes of a base64 data URL (without decoding it). */
export function dataUrlByteLength(dataUrl: string): number {
  const comma = dataUrl.indexOf(',');
  const payload = comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

/** First and last instants a date in any contract may name: 2000-01-01 to the end of 2100, UTC. */
export const EARLIEST_INSTANT_MS = Date.UTC(2000, 0, 1);
export const LATEST_INSTANT_MS = Date.UTC(2101, 0, 1) - 1;

/**
 * ISO 8601 timestamp with offset, as stored and returned by every service, and every date a request may name. The
 * format alone lets through instants PostgreSQL cannot store (year 0, or 9999-12-31 at -23:59, which is year 10000
 * in UTC), which would reach the database and answer 500; bounded here, after the offset is applied, they are a 400
 * in plain words.
 */
export const TimestampSchema = z.iso.datetime({ offset: true, error: () => V.dateOutOfRange }).refine(
  (text) => {
    const at = Date.parse(text);
    return at >= EARLIEST_INSTANT_MS && at <= LATEST_INSTANT_MS;
  },
  { error: () => V.dateOutOfRange },
);

/** Path parameter `:id`. */
export const IdParamsSchema = z.object({ id: z.uuid() });
export type IdParams = z.infer<typeof IdParamsSchema>;
