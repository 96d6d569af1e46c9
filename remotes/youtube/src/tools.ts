// The module this remote exposes as './tools': the youtube family's tool pages, keyed by tool id (front-end contract).
import type { ToolPages } from '@act/host-sdk';
import { SummarizerWithHistory } from './pages/summarizer-with-history';
import { ThumbnailsPage } from './pages/thumbnails-page';

export const toolPages: ToolPages = {
  'youtube-summarizer': SummarizerWithHistory,
  'youtube-thumbnail-downloader': ThumbnailsPage,
};
