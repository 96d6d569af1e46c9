// @act/service-kit/media: checks of uploaded images, audio and PDFs, and the one way to open an image with sharp.
// A separate entry so services without uploads (identity, credits, the gateway) never load libvips.
export {
  makeThumbnail,
  openImage,
  THUMBNAIL_EDGE,
  readImageDataUrl,
  sniffImageType,
  uprightImage,
  type ImageInput,
  type ImageMime,
  type ImageRules,
} from './image';
export {
  audioDurationSeconds,
  probeAudio,
  readAudioDataUrl,
  type AudioInput,
  type AudioMime,
  type AudioProbe,
  type AudioRules,
} from './audio';
export {
  extractPdfText,
  isPdf,
  pdfPageCount,
  readPdfDataUrl,
  type PdfInput,
  type PdfText,
  type PdfTextOptions,
} from './pdf';
