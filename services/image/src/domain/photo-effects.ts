// The seven photo effects as charged tools (20 credits each, members only). The upload is checked first
// (docs/product-rules.md#validation: a real PNG, JPEG or WebP of at most 10 MB, its pixel size read from the header
// before any decode), and turned upright; an effect that cannot run (no provider key, not one of the two done
// locally) answers 503 with nothing held. Then the credits are held, the effect runs (fal with a key; color
// correction and cartoonify with sharp without one), the result is brought to the input's size as a JPEG, the input,
// the result and its thumbnail are stored, and the generated_images row and the charge's commit are written in one
// transaction. A failure or the time limit releases the hold. A run is not tied to the member's connection: closing
// the tab lets it finish into the hub gallery (and be charged once). The results go to the generated_images table
// (db/generated-image-store.ts).
import {
  ERROR_TEXTS,
  ErrorCode,
  PHOTO_EFFECT_FAILED_TEXTS,
  PHOTO_EFFECT_TOOL_IDS,
  getTool,
  type PhotoEffectReply,
  type PhotoEffectToolId,
  type ApiKeyCharge,
} from '@act/contracts';
import {
  assertStorableText,
  createInFlight,
  AppError,
  createWorkPool,
  isAppError,
  reserveCharge,
  type WorkPool,
  type CreationAnnouncer,
  type CreditsClient,
  type Logger,
  type Outbox,
} from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import { readImageDataUrl, uprightImage, type ImageInput } from '@act/service-kit/media';
import type { GeneratedImageStore } from '../db/generated-image-store';
import type { FalEffects } from '../providers/fal-effects';
import { withinProviderDeadline } from './provider-deadline';
import { resultReplyOf, storeResult, toResultJpeg } from './stored-result';
import {
  cartoonify,
  colorCorrect,
  createLocalEffectRunner,
  type EffectResult,
  type LocalEffectId,
} from '../providers/local-effects';

/** The effects done here without a model (or a key): honest versions of the effect with image processing. */
export const LOCAL_EFFECTS: Readonly<Record<LocalEffectId, (bytes: Buffer) => Promise<EffectResult>>> = {
  'color-correction': colorCorrect,
  cartoonify,
};

function localEffectOf(tool: PhotoEffectToolId) {
  return (LOCAL_EFFECTS as Partial<Record<PhotoEffectToolId, (bytes: Buffer) => Promise<EffectResult>>>)[
    tool
  ];
}

export interface EffectRun {
  tool: PhotoEffectToolId;
  /** The data URL as sent. */
  image: string;
  /** The member's text for age progression, background change and expression change. */
  text?: string;
}

export interface PhotoEffects {
  /** Per effect, whether it can run now (with a key all can; without one only the local ones). */
  availability(): Record<PhotoEffectToolId, boolean>;
  /**
   * `requestId`: the HTTP request's id (EndpointCall.requestId), which the charge sends to credits; `apiKey`: the
   * personal API key of the call, if any (the charge names it; credits holds it to its limit).
   */
  run(
    userId: string,
    request: EffectRun,
    requestId?: string,
    apiKey?: ApiKeyCharge,
  ): Promise<Omit<PhotoEffectReply, 'success'>>;
  /** Resolves once every run in flight has settled (a stopping replica waits for them). */
  drain(): Promise<void>;
}

export interface PhotoEffectsDeps {
  store: GeneratedImageStore;
  files: ObjectStore;
  credits: CreditsClient;
  outbox: Outbox;
  /** Announces each stored result to the member's library (domain/creations.ts). */
  creations: CreationAnnouncer;
  /** Absent without FAL_KEY: only the local effects run. */
  fal: FalEffects | undefined;
  logger: Logger;
  /** The longest one fal edit may take (FAL_TIMEOUT_MS). */
  timeoutMs: number;
  /** IMAGE_LOCAL_EFFECTS: local effects used even when fal is configured. */
  localAlways?: readonly LocalEffectId[];
  /** Where the local effects run (LOCAL_POOL by default): a few at once, so memory and cores stay bounded. */
  localPool?: WorkPool;
}

/**
 * The local effects are CPU-bound libvips work holding a decoded photo each: two at a time per replica (its cores),
 * a short queue behind them, two at once per member, and a budget far above a 40 MP photo's few seconds.
 */
export const LOCAL_POOL = { size: 2, queueLimit: 16, perCallerLimit: 2, timeoutMs: 60_000 } as const;

export function createPhotoEffects(deps: PhotoEffectsDeps): PhotoEffects {
  const { files, fal, logger } = deps;
  const inFlight = createInFlight();
  const canRun = (tool: PhotoEffectToolId) => fal !== undefined || localEffectOf(tool) !== undefined;
  const localAlways = new Set<PhotoEffectToolId>(deps.localAlways ?? []);

  const pool = deps.localPool ?? createWorkPool(LOCAL_POOL);
  const localRunner = createLocalEffectRunner(pool);
  /** The local effect that runs `tool` here, or undefined when fal does. */
  const localFor = (tool: PhotoEffectToolId) => {
    const local = localEffectOf(tool);
    return local && (!fal || localAlways.has(tool)) ? local : undefined;
  };

  async function apply(tool: PhotoEffectToolId, input: ImageInput, text: string | undefined, userId: string) {
    const local = localFor(tool);
    // The runner counts it like a provider call (provider local, operation: the tool), as fal's edits are.
    if (local) return localRunner.run(tool as LocalEffectId, userId, local, input.bytes);
    if (!fal) throw new Error(`${tool} without a provider`);
    const edited = await withinProviderDeadline(
      { timeoutMs: deps.timeoutMs, logger, tool, failedText: PHOTO_EFFECT_FAILED_TEXTS[tool] },
      (signal) => fal.edit({ tool, bytes: input.bytes, ...(text ? { text } : {}) }, { signal }),
    );
    try {
      return await toResultJpeg(edited, input.width, input.height);
    } catch (error) {
      logger.warn({ err: error, tool }, 'the provider returned an unreadable image');
      throw new AppError(ErrorCode.PROVIDER_FAILED, PHOTO_EFFECT_FAILED_TEXTS[tool], { cause: error });
    }
  }

  return {
    availability() {
      return Object.fromEntries(PHOTO_EFFECT_TOOL_IDS.map((tool) => [tool, canRun(tool)])) as Record<
        PhotoEffectToolId,
        boolean
      >;
    },

    async run(userId, { tool, image, text }, requestId, apiKey) {
      // Refusals before any work, with nothing held: no way to run the effect, then a bad upload.
      if (!canRun(tool)) {
        throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, ERROR_TEXTS.image.effectNeedsProviderKey);
      }
      // The row's text is settled (and refused if it cannot be stored) before the hold and the paid edit.
      const positivePrompt = text ?? getTool(tool).name;
      assertStorableText(positivePrompt);
      const input = await uprightImage(await readImageDataUrl(image));
      // A replica already busy with as many local effects as it queues refuses now (503), before the hold.
      if (localFor(tool)) pool.admit(userId);
      const charge = await reserveCharge(deps.credits, { tool, userId, httpRequestId: requestId, apiKey });

      const running = charge.run(async () => {
        let result: EffectResult;
        try {
          result = await apply(tool, input, text, userId);
        } catch (error) {
          if (isAppError(error)) throw error;
          logger.error({ err: error, tool }, 'photo effect failed');
          throw new AppError(ErrorCode.PROVIDER_FAILED, PHOTO_EFFECT_FAILED_TEXTS[tool], { cause: error });
        }
        // The result and its charge are written together: charged exactly when the hub gallery has it.
        return storeResult(deps, { userId, tool, positivePrompt, input, result, charge });
      });
      return resultReplyOf(files, await inFlight.track(running), charge);
    },

    drain: () => inFlight.drain(),
  };
}
