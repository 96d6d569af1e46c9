// Configuration of the library service, parsed once from the environment at start: its database (the members'
// library index, a read model of the creation events), NATS (the CREATIONS stream and the delete requests to the
// owning services) and the secret the owning services sign their file URLs with, so a library card links to them.
import { baseConfigSchema, databaseConfigFields, loadConfig, z } from '@act/service-kit';

export const libraryConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8108),
  ...databaseConfigFields,
  /**
   * The FILE_URL_SECRET of the services that keep files (one secret for all of them): the library signs the URLs of
   * their thumbnails and files, which their own file routes then verify.
   */
  FILE_URL_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }),
  FILE_URL_TTL_S: z.coerce.number().int().min(60).max(86_400).default(900),
  /** How long DELETE waits for the owning service to delete the result before answering 503 (nothing changed). */
  LIBRARY_DELETE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Deliveries of one creation event before it is dead-lettered (a database outage outlasting them). */
  LIBRARY_MAX_DELIVER: z.coerce.number().int().min(1).max(100).default(10),
});

export type LibraryConfig = z.infer<typeof libraryConfigSchema>;

export function loadLibraryConfig(
  env: Record<string, string | undefined> = process.env,
): Readonly<LibraryConfig> {
  return loadConfig(libraryConfigSchema, env);
}
