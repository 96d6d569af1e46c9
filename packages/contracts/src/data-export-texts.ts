// The account page's "Export my data" section (docs/product-rules.md#export-my-data).
import type { DataExportStatus } from './api/identity-exports';

export const DATA_EXPORT_TEXTS = {
  title: 'Your data',
  intro:
    'Download everything we keep for you: your account, credits history, chats, prompts, images, audio and summaries, in one zip file.',
  button: 'Export my data',
  retry: 'Try again',
  download: 'Download your data',
  linkHint: 'The link works for 24 hours.',
  requestFailed: 'Your export could not be started. Please try again.',
  statusFailed: 'The export’s status could not be loaded. Please reload the page.',
  status: {
    pending: 'Preparing your export… This can take a few minutes.',
    ready: 'Your export is ready.',
    failed: 'Your export could not be prepared. Please try again.',
  } satisfies Record<DataExportStatus, string>,
} as const;
