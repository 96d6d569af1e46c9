// Saving results as files with the names of docs/product-rules.md#endpoints: image-{id}.jpg,
// {tool-name}-{timestamp}.jpg, speech-/sound-effect-/isolated-audio-{timestamp}.mp3 (a YouTube thumbnail is a tool
// image).
import { ERROR_TEXTS } from '@act/contracts';

export const downloadNames = {
  /** A gallery image: image-{id}.jpg. */
  galleryImage: (id: string) => `image-${id}.jpg`,
  /** A photo tool result: {tool-name}-{timestamp}.jpg, e.g. expression-change-1736000000000.jpg. */
  toolImage: (toolName: string, timestamp: number = Date.now()) => `${toolName}-${timestamp}.jpg`,
  speech: (timestamp: number = Date.now()) => `speech-${timestamp}.mp3`,
  soundEffect: (timestamp: number = Date.now()) => `sound-effect-${timestamp}.mp3`,
  isolatedAudio: (timestamp: number = Date.now()) => `isolated-audio-${timestamp}.mp3`,
  /** A video's transcript as the service sends it: {videoId}-transcript.txt or .srt. */
  transcript: (videoId: string, format: 'txt' | 'srt') => `${videoId}-transcript.${format}`,
  /** A Deep Search report as Markdown: deep-search-{timestamp}.md. */
  deepSearchReport: (timestamp: number = Date.now()) => `deep-search-${timestamp}.md`,
  /** The ledger as CSV, as credits names it: credit-history-{YYYY-MM-DD}.csv. */
  creditHistory: (at: Date = new Date()) => `credit-history-${at.toISOString().slice(0, 10)}.csv`,
} as const;

/** Saves a Blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke on the next task: some browsers start the download asynchronously after click().
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Fetches a result URL (or data URL) and saves it. Throws an Error with `failureText` (default 'Failed to download
 * image') so the caller can show it; pass the audio or thumbnail text for those downloads.
 */
export async function downloadFile(
  url: string,
  fileName: string,
  failureText: string = ERROR_TEXTS.ui.downloadImage,
): Promise<void> {
  let blob: Blob;
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(String(response.status));
    blob = await response.blob();
  } catch {
    throw new Error(failureText);
  }
  saveBlob(blob, fileName);
}
