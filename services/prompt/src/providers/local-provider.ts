// The offline default provider: real local work, no model. Magic enhance by rules; the image tools from measurements
// made with sharp (and OCR with tesseract.js for extract-text). Image answers say plainly that they are local analysis.
import {
  ANALYSIS_TASKS,
  CAMERA_MOTIONS,
  VIDEO_STYLES,
  type AnalysisTask,
  type Language,
} from '@act/contracts';
import { isAppError, isWorkTimeout, type WorkPool } from '@act/service-kit';
import { analyseImage, type ImageAnalysis } from './image-analysis';
import { CAMERA_MOTION_PHRASES, VIDEO_STYLE_PHRASES } from './instructions';
import {
  backgroundPhrase,
  brightnessLabel,
  contrastLabel,
  detailLabel,
  lightingPhrase,
  listColours,
  mediumGuess,
  orientationPhrase,
  paletteLines,
  percent,
  saturationLabel,
  subjectPhrase,
  temperatureLabel,
} from './local-wording';
import { enhancePromptByRules } from './magic-enhance-rules';
import { createOcrEngine, type OcrEngine } from './ocr';
import type { ImageInput } from '@act/service-kit/media';
import { ProviderError, type PromptProvider, type WorkOrigin } from './types';

export interface LocalProviderOptions {
  /**
   * Where image analysis and OCR run: CPU work on this process's cores, so a bounded pool keeps one caller (or one
   * pathological image) from queueing everyone else behind it, and cancels what runs past its budget.
   */
  pool: WorkPool;
  ocr?: OcrEngine;
}

const LOCAL_NOTE =
  'Local analysis: no AI model is connected, so this was measured from the image itself (colours, light, layout' +
  '{ocr}) and the subject is not named.';

function localNote(language: Language, withOcr = false): string {
  const note = LOCAL_NOTE.replace('{ocr}', withOcr ? ', text by OCR' : '');
  const languageNote =
    language === 'English' ? '' : ` It is written in English; answers in ${language} need an AI model.`;
  return `(${note}${languageNote})`;
}

export function createLocalProvider(options: LocalProviderOptions): PromptProvider {
  const { pool } = options;
  const ocr = options.ocr ?? createOcrEngine();
  const budgetSeconds = Math.max(1, Math.ceil(pool.timeoutMs / 1000));

  /** Runs one call's local work in the pool; failures become ProviderErrors (a pool refusal stays a 503). */
  async function localWork<T>(origin: WorkOrigin, job: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      // The job stops at its time budget (the pool's signal) or when nobody waits for it any more (the caller's).
      const { signal: callerSignal } = origin;
      return await pool.run(origin.callerKey, (signal) =>
        job(callerSignal ? AbortSignal.any([signal, callerSignal]) : signal),
      );
    } catch (error) {
      if (isAppError(error) || origin.signal?.aborted) throw error;
      if (isWorkTimeout(error)) throw new ProviderError('Local work timed out', 'timeout', { cause: error });
      throw new ProviderError('Local work failed', 'local', { cause: error });
    }
  }

  const analyse = (image: ImageInput): Promise<ImageAnalysis> => analyseImage(image.bytes, { budgetSeconds });

  const recogniseText = (image: ImageInput, signal: AbortSignal) =>
    ocr.recognise(image.bytes, { signal, budgetMs: pool.timeoutMs });

  return {
    name: 'local',

    async imageToPrompt(image, origin) {
      const a = await localWork(origin, () => analyse(image));
      const prompt = [
        `A ${mediumGuess(a)} in ${orientationPhrase(a)} format`,
        subjectPhrase(a),
        `set against ${backgroundPhrase(a)}`,
        `colour palette dominated by ${listColours(a.palette.slice(0, 3))}`,
        `${saturationLabel(a)} colours with ${temperatureLabel(a)} colour grading`,
        `${brightnessLabel(a)} exposure with ${contrastLabel(a)} contrast`,
        lightingPhrase(a),
        detailLabel(a),
        'high quality, sharp focus',
      ].join(', ');
      return `${prompt}\n\n${localNote('English')}`;
    },

    async enhancePrompt(text) {
      return enhancePromptByRules(text);
    },

    async describeImage({ image, language, tasks }, origin) {
      const { a, ocrResult } = await localWork(origin, async (signal) => ({
        a: await analyse(image),
        ocrResult: tasks.includes('extract-text') ? await recogniseText(image, signal) : undefined,
      }));
      const sections = tasks.map((task) => `**${taskLabel(task)}**\n${describeTask(task, a, ocrResult)}`);
      return `${sections.join('\n\n')}\n\n${localNote(language, ocrResult !== undefined)}`;
    },

    async videoPrompt({ image, language, cameraMotion, videoStyle, actionDescription }, origin) {
      const a = await localWork(origin, () => analyse(image));
      const style = VIDEO_STYLES.find((s) => s.id === videoStyle)?.label ?? videoStyle;
      const motion = CAMERA_MOTIONS.find((m) => m.id === cameraMotion)?.label ?? cameraMotion;
      const action = actionDescription.trim().replace(/[.\s]+$/, '');
      const prompt = [
        `${style} video, ${VIDEO_STYLE_PHRASES[videoStyle]}.`,
        `Starting from the uploaded frame: a ${orientationPhrase(a)} shot with ${subjectPhrase(a)},`,
        `${backgroundPhrase(a)} and a palette of ${listColours(a.palette.slice(0, 3))}.`,
        `Action: ${action}, unfolding smoothly over about five seconds with natural secondary motion.`,
        `Camera: ${motion.toLowerCase()}, ${CAMERA_MOTION_PHRASES[cameraMotion]}.`,
        `Lighting: ${lightingPhrase(a)}, ${brightnessLabel(a)} exposure, ${contrastLabel(a)} contrast,`,
        `${temperatureLabel(a)} colour grading.`,
        'Keep the subject, setting and colours consistent with the first frame; no cuts, stable and coherent motion.',
      ].join(' ');
      return `${prompt}\n\n${localNote(language)}`;
    },

    admit: (origin) => pool.admit(origin.callerKey),

    close: () => ocr.close(),
  };
}

function taskLabel(task: AnalysisTask): string {
  return ANALYSIS_TASKS.find((t) => t.id === task)?.label ?? task;
}

function describeTask(
  task: AnalysisTask,
  a: ImageAnalysis,
  ocrResult: { text: string; confidence: number } | undefined,
): string {
  switch (task) {
    case 'describe-details':
      return [
        `A ${orientationPhrase(a)} image of ${a.width}×${a.height} pixels that looks like a ${mediumGuess(a)}.`,
        `It shows ${subjectPhrase(a)}, against ${backgroundPhrase(a)}.`,
        `The palette is led by ${listColours(a.palette.slice(0, 3))}; colours are ${saturationLabel(a)} and`,
        `${temperatureLabel(a)}. The exposure is ${brightnessLabel(a)} with ${contrastLabel(a)} contrast and`,
        `${lightingPhrase(a)}. The picture has ${detailLabel(a)}.`,
      ].join(' ');
    case 'describe-person': {
      const likely =
        a.skinShare > 0.08 && a.skinCentreShare > a.skinShare
          ? 'a person is likely in frame, concentrated towards the centre'
          : a.skinShare > 0.05
            ? 'a person may be in frame'
            : 'no clear sign of a person';
      return [
        `People are not recognised by the local analysis. Skin-like tones cover ${percent(a.skinShare)} of the picture`,
        `(${percent(a.skinCentreShare)} of its centre): ${likely}.`,
        `The central region is ${a.centreBrightness > a.borderBrightness ? 'brighter' : 'darker'} than the edges,`,
        `and the frame shows ${subjectPhrase(a)}.`,
      ].join(' ');
    }
    case 'describe-background': {
      const relation =
        Math.abs(a.centreBrightness - a.borderBrightness) < 0.05
          ? 'about as bright as the centre'
          : a.borderBrightness > a.centreBrightness
            ? 'brighter than the centre'
            : 'darker than the centre';
      return [
        `The edges of the frame form ${backgroundPhrase(a)}, ${relation}.`,
        `Background colours:\n${paletteLines(a.borderPalette)}`,
      ].join('\n');
    }
    case 'recognise-objects':
      return [
        'Objects are not recognised by the local analysis. What the pixels show:',
        `${a.distinctColours} distinct colour regions and ${detailLabel(a)}`,
        `(${percent(a.edgeDensity)} of the picture lies on strong edges),`,
        `with ${subjectPhrase(a)}.`,
      ].join(' ');
    case 'analyse-art-style':
      return [
        `It looks like a ${mediumGuess(a)}: ${a.distinctColours} distinct colours, ${saturationLabel(a)} saturation`,
        `(${percent(a.saturation)}), ${detailLabel(a)} and ${contrastLabel(a)} contrast.`,
        `The colour grading is ${temperatureLabel(a)} and the exposure ${brightnessLabel(a)}, giving a`,
        `${a.brightness < 0.38 ? 'moody, dramatic' : a.brightness > 0.62 ? 'light, airy' : 'balanced, natural'} feel.`,
      ].join(' ');
    case 'extract-text':
      if (!ocrResult || ocrResult.text === '') return 'No readable text was found in the image.';
      return `Text found by OCR (confidence ${Math.round(ocrResult.confidence)}%):\n${ocrResult.text}`;
    case 'color-light':
      return [
        `Dominant colours:\n${paletteLines(a.palette)}`,
        `Saturation: ${saturationLabel(a)} (${percent(a.saturation)}). Colour temperature: ${temperatureLabel(a)}.`,
        `Brightness: ${brightnessLabel(a)} (${percent(a.brightness)}), contrast ${contrastLabel(a)}.`,
        `Light: ${lightingPhrase(a)}.` +
          (a.clippedShadows > 0.02
            ? ` ${percent(a.clippedShadows)} of the shadows are crushed to black.`
            : '') +
          (a.clippedHighlights > 0.02
            ? ` ${percent(a.clippedHighlights)} of the highlights are blown out.`
            : ''),
      ].join('\n');
  }
}
