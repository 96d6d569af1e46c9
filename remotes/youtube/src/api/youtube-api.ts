// Calls of the two YouTube tools through the host's API client (gateway → youtube service), typed by the contracts:
// the streamed summary, the video's transcript (its lines, or a .txt / .srt file), a question about the summarized
// video, the thumbnails of a video and a thumbnail's download through the service (same origin, a .jpg), and the
// member's past summaries (list, reopen, delete).
import {
  ERROR_TEXTS,
  failureTextOf,
  YOUTUBE_ENDPOINTS,
  type AskVideoReply,
  type PastSummariesReply,
  type VideoSession,
  YOUTUBE_THUMBNAIL_SIZES,
  type GetThumbnailsReply,
  type Language,
  type Thumbnail,
  type TranscriptFormat,
  type TranscriptReply,
  type YoutubeThumbnailSize,
} from '@act/contracts';
import { apiErrorFromReply, downloadNames, saveBlob, type ApiClient, type CallRequest } from '@act/host-sdk';

const E = YOUTUBE_ENDPOINTS;

/** Saving the transcript as a file fails with its own text, not the transcript endpoint's. */
const TRANSCRIPT_FILE_FAILED = ERROR_TEXTS.youtube.downloadTranscript;

/** A question about a saved summary's video (2 credits; free when it fails): the answer and the moments it cites. */
export function askVideo(api: ApiClient, sessionId: string, question: string): Promise<AskVideoReply> {
  return api.call(E.askVideo, {
    params: { id: sessionId },
    body: { question, toolName: 'youtube-summarizer' },
  });
}

/**
 * The summary request; the page streams it (useStreamedReply with YoutubeStreamEventSchema). Without a language the
 * summary is in the transcript's language (no `language` field is sent).
 */
export function summarizeRequest(videoUrl: string, language?: Language): CallRequest<typeof E.summarize> {
  return { body: { videoUrl, toolName: 'youtube-summarizer', ...(language ? { language } : {}) } };
}

export function getThumbnails(api: ApiClient, videoUrl: string): Promise<GetThumbnailsReply> {
  return api.call(E.thumbnails, {
    body: { videoUrl, toolName: 'youtube-thumbnail-downloader' },
  });
}

/** The download route's size name of a thumbnail ('maxres', 'hq'...), from its file name; null for another file. */
export function thumbnailSize(thumbnail: Pick<Thumbnail, 'url'>): YoutubeThumbnailSize | null {
  const file = thumbnail.url.split(/[?#]/)[0]!.split('/').pop();
  return YOUTUBE_THUMBNAIL_SIZES.find((s) => s.file === file)?.size ?? null;
}

/**
 * Downloads one thumbnail through the service and saves it under the spec's {tool-name}-{timestamp}.jpg, the name the
 * service's Content-Disposition gives too. Throws an Error with the spec's 'Failed to download thumbnail' on any
 * failure.
 */
export async function downloadThumbnail(
  api: ApiClient,
  videoId: string,
  thumbnail: Thumbnail,
): Promise<void> {
  const size = thumbnailSize(thumbnail);
  if (!size) throw new Error(failureTextOf(E.thumbnailDownload));
  let blob: Blob;
  try {
    const response = await api.fetchRaw(E.thumbnailDownload, {
      query: { videoId, size },
      accept: 'image/jpeg',
    });
    if (!response.ok) throw new Error(String(response.status));
    blob = await response.blob();
  } catch {
    throw new Error(failureTextOf(E.thumbnailDownload));
  }
  saveBlob(blob, downloadNames.toolImage('youtube-thumbnail-downloader'));
}

/** The transcript's lines (free), in its own language whatever the summary language. */
export function getTranscript(api: ApiClient, videoUrl: string): Promise<TranscriptReply> {
  return api.call(E.transcript, {
    query: { videoUrl, format: 'json' },
  });
}

/**
 * Downloads the transcript as the service's `.txt` or `.srt` attachment, saved under the name it gives. Throws an
 * Error with the server's text, or 'Failed to download the transcript'.
 */
export async function downloadTranscript(
  api: ApiClient,
  videoUrl: string,
  videoId: string,
  format: Exclude<TranscriptFormat, 'json'>,
): Promise<void> {
  let response: Response;
  try {
    response = await api.fetchRaw(E.transcript, {
      query: { videoUrl, format },
      accept: format === 'srt' ? 'application/x-subrip' : 'text/plain',
      fallbackError: TRANSCRIPT_FILE_FAILED,
    });
  } catch {
    throw new Error(TRANSCRIPT_FILE_FAILED);
  }
  if (!response.ok) {
    throw apiErrorFromReply(response.status, await response.json().catch(() => null), TRANSCRIPT_FILE_FAILED);
  }
  saveBlob(await response.blob(), downloadNames.transcript(videoId, format));
}

/** The member's past summaries, newest first, one page after `cursor` (docs/product-rules.md#youtube-past-summaries). */
export function listPastSummaries(api: ApiClient, cursor?: string): Promise<PastSummariesReply> {
  return api.call(YOUTUBE_ENDPOINTS.summaries, { query: cursor ? { cursor } : {} });
}

/** A past summary reopened with its chapters and answered questions. */
export async function getPastSummary(api: ApiClient, id: string): Promise<VideoSession> {
  return (await api.call(YOUTUBE_ENDPOINTS.session, { params: { id } })).session;
}

export async function deletePastSummary(api: ApiClient, id: string): Promise<void> {
  await api.call(YOUTUBE_ENDPOINTS.deleteSummary, { params: { id } });
}
