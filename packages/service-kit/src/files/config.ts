// The object store's settings, read the same way by every service that keeps files (chat, image, voice).
import { z } from 'zod';
import { configUrl } from '../config';

const optionalText = z.string().min(1).optional();

/** Spread into a service's config schema. */
export const objectStoreConfigFields = {
  /** S3-compatible endpoint (MinIO, s3rver, …); AWS when unset. */
  S3_ENDPOINT: configUrl(['http', 'https']).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3),
  /** Both or neither; without them the SDK's default credential chain (instance roles, IRSA) is used. */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Path-style bucket URLs (MinIO and s3rver need them); on by default whenever an endpoint is given. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  /** Signs the file URLs handed to browsers; every replica of a service needs the same one. */
  FILE_URL_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }),
  /** How long a file URL stays valid, in seconds (lists hand out fresh ones each time they load). */
  FILE_URL_TTL_S: z.coerce.number().int().min(60).max(86_400).default(900),
};

export interface ObjectStoreConfig {
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: 'true' | 'false';
  FILE_URL_SECRET: string;
  FILE_URL_TTL_S: number;
}
