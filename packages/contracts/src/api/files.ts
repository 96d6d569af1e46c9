// Stored files (images, audio, chat attachments): served by the service that owns them through the gateway at
// `/api/<service>/files/:owner/:name`, readable by whoever holds a short-lived signed URL minted for the file's owner.
// The signature is the access check (an <img>, <audio> or download sends no bearer header), so the route is public.
import { z } from 'zod';
import { endpoint } from '../endpoint';

/** The services that keep files in the object store (identity: the member's data-export zips). */
export const FILE_SERVICES = ['chat', 'image', 'voice', 'identity'] as const;
export type FileService = (typeof FILE_SERVICES)[number];

/**
 * `<owner>/<name>`: the object's key below its service's prefix, and the signed part of the URL: expiry (Unix
 * seconds), signature and the download file name when there is one. Loose on purpose: whatever is wrong with a file
 * URL, its signature check fails and the answer is 403, never a validation error that tells which part was off.
 */
export const FileParamsSchema = z.object({ owner: z.string().max(64), name: z.string().max(128) });
export type FileParams = z.infer<typeof FileParamsSchema>;

export const FileQuerySchema = z.object({
  exp: z.string().max(16).optional(),
  sig: z.string().max(64).optional(),
  dl: z.string().max(160).optional(),
});
export type FileQuery = z.infer<typeof FileQuerySchema>;

function filesEndpoint<const S extends FileService>(service: S) {
  return endpoint({
    method: 'GET',
    path: `/api/${service}/files/:owner/:name` as const,
    access: 'public',
    params: FileParamsSchema,
    request: FileQuerySchema,
  });
}

/** GET a stored file by its signed URL (Range requests answered with 206). */
export const FILE_ENDPOINTS = {
  chat: filesEndpoint('chat'),
  image: filesEndpoint('image'),
  voice: filesEndpoint('voice'),
  identity: filesEndpoint('identity'),
} as const;
