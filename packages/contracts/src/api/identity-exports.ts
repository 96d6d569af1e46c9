// Export my data (issue 42 part 5, docs/product-rules.md#export-my-data): the member asks identity for a zip of
// everything the product keeps for them; identity builds it in the background from every service (NATS
// `member.export.<service>`, nats.ts) and hands back a signed download link valid for a day.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { successReply } from './common';

export const DATA_EXPORT_RULES = {
  /** How long the download link (and the zip) is kept. */
  linkTtlSeconds: 24 * 60 * 60,
  /** After a ready export, the next one can be asked for this much later (a failed one can be retried at once). */
  cooldownSeconds: 60 * 60,
} as const;

export const DATA_EXPORT_ERROR_TEXTS = {
  notFound: 'This export does not exist.',
  alreadyPending: 'Your data export is already being prepared. Please wait for it to finish.',
  tooSoon: (minutes: number) =>
    `You exported your data less than an hour ago. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  unavailable: 'Data export is not available on this server.',
} as const;

export const DataExportStatusSchema = z.enum(['pending', 'ready', 'failed']);
export type DataExportStatus = z.infer<typeof DataExportStatusSchema>;

export const DataExportSchema = z.object({
  id: z.uuid(),
  status: DataExportStatusSchema,
  /** Ready exports only: a signed, same-origin link that downloads the zip until it expires (24 hours). */
  downloadUrl: z.string().optional(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

export const DataExportReplySchema = successReply({ export: DataExportSchema });
export type DataExportReply = z.infer<typeof DataExportReplySchema>;

export const DataExportParamsSchema = z.object({
  id: z.uuid({ error: () => DATA_EXPORT_ERROR_TEXTS.notFound }),
});

export const DATA_EXPORT_ENDPOINTS = {
  /** 202 with the new export (pending); 409 while one is pending, 429 within an hour of a ready one. */
  createDataExport: endpoint({
    method: 'POST',
    path: '/api/identity/exports',
    access: 'member',
    reply: DataExportReplySchema,
  }),
  /** The member's own export; another member's id answers 404. */
  dataExport: endpoint({
    method: 'GET',
    path: '/api/identity/exports/:id',
    access: 'member',
    params: DataExportParamsSchema,
    reply: DataExportReplySchema,
  }),
};
