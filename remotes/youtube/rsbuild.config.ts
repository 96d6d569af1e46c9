// Rsbuild config of the youtube remote (the summarizer and thumbnail downloader pages); everything but its name and
// dev port is the shared remote config.
import { defineRemoteConfig } from '@act/host-sdk/federation';

export default defineRemoteConfig({ family: 'youtube', devPort: 3105 });
