// Identity configuration: parsed once from the environment at start, frozen, and handed to createApp.
import { baseConfigSchema, configUrl, databaseConfigFields, loadConfig, z } from '@act/service-kit';
import { objectStoreConfigFields } from '@act/service-kit/files';

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((value) => value === 'true');

export const identityConfigSchema = baseConfigSchema
  // Identity is the JWKS: it verifies its own tokens with the keys it holds, so it needs no JWKS_URL.
  .omit({ JWKS_URL: true })
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8101),
    ...databaseConfigFields,
    /** The browser-facing origin (the gateway); builds the Google redirect URI and the links in emails. */
    PUBLIC_URL: configUrl(['http', 'https']).default('http://localhost:8080'),
    /** Embedded default: where the generated signing key file lives. Ignored when IDENTITY_SIGNING_KEYS is set. */
    IDENTITY_KEYS_DIR: z.string().min(1).default('.data/identity-keys'),
    /** Production: JSON array of private JWKs (Ed25519 or P-256) with kid; the first signs, all verify. */
    IDENTITY_SIGNING_KEYS: z.string().optional(),
    /** Embedded default only: a key older than this is replaced at start (0 = never). */
    IDENTITY_KEY_ROTATION_DAYS: z.coerce.number().int().min(0).default(30),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Secure refresh cookie; only a plain-http localhost set-up sets this to false. */
    COOKIE_SECURE: flag('true'),
    /** Shared rate-limit counters for several replicas; memory counters otherwise. */
    REDIS_URL: configUrl(['redis', 'rediss']).optional(),
    /** Scales every sign-up, sign-in and recovery limit (end-to-end suites that sign up many users from one IP). */
    IDENTITY_RATE_LIMIT_MULTIPLIER: z.coerce.number().min(1).max(1000).default(1),
    /** When set, emails are delivered through this SMTP server; otherwise they stay in the email_outbox table. */
    SMTP_URL: configUrl(['smtp', 'smtps']).optional(),
    MAIL_FROM: z.string().min(3).default('AI Creative Toolbox <no-reply@localhost>'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: configUrl(['http', 'https']).default('https://accounts.google.com'),
    // Data export (docs/architecture.md#data-export): the zips go to the object store the tools keep files in, and
    // their download links are signed with FILE_URL_SECRET. Without S3_BUCKET and FILE_URL_SECRET, exports answer 503.
    ...objectStoreConfigFields,
    S3_BUCKET: objectStoreConfigFields.S3_BUCKET.optional(),
    FILE_URL_SECRET: objectStoreConfigFields.FILE_URL_SECRET.optional(),
    /** How long each service may take to answer its part of an export before the export fails. */
    EXPORT_PART_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  });

export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export function loadIdentityConfig(
  env: Record<string, string | undefined> = process.env,
): Readonly<IdentityConfig> {
  return loadConfig(identityConfigSchema, env);
}
