// @act/service-kit/media: checks of uploaded images, audio and PDFs, and the one way to open an image with sharp.
// A separate entry so services without uploads (identity, credits, the gateway) never load libvips.
export {
  makeThumbnail,
  openImage,
  THUMBNAIL_EDGE,
  readImageDataUrl,
  sniffImageType,
  type ImageInput,
  type ImageMime,
  type ImageRules,
} from './image';
export { readAudioDataUrl, sniffAudioType, type AudioInput, type AudioMime, type AudioRules } from './audio';
export { audioDurationSeconds } from './audio-duration';
export {
  extractPdfText,
  isPdf,
  readPdfDataUrl,
  type PdfInput,
  type PdfText,
  type PdfTextOptions,
} from './pdf';
