// Identity's providers, read from its config alone before anything connects (startService's providers step): its
// signing keys (from the environment or its keys directory, rotated) and, when configured, Google sign-in.
import type { Logger, ProviderContext } from '@act/service-kit';
import type { IdentityConfig } from '../config';
import { keyStoreFromEnv, keyStoreFromFile, type KeyStore } from '../domain/signing-keys';
import { createGoogleOidc, type GoogleOidc } from './google-oidc';

/** What identity reads from its config alone: its signing keys and, when configured, Google sign-in. */
export interface IdentityProviders {
  keys: KeyStore;
  google: GoogleOidc | undefined;
}

export async function loadIdentityProviders(
  config: Readonly<IdentityConfig>,
  logger: Logger,
  keys?: KeyStore,
): Promise<IdentityProviders> {
  const keyStore =
    keys ??
    (config.IDENTITY_SIGNING_KEYS
      ? await keyStoreFromEnv(config.IDENTITY_SIGNING_KEYS, {
          accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
        })
      : await keyStoreFromFile({
          dir: config.IDENTITY_KEYS_DIR,
          rotationDays: config.IDENTITY_KEY_ROTATION_DAYS,
          accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
        }));
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createGoogleOidc({
          issuer: config.GOOGLE_ISSUER,
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          redirectUri: `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/identity/callback`,
        })
      : undefined;
  if (!google) logger.info('GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET not set: Google sign-in is off');
  return { keys: keyStore, google };
}

/** startService's providers step: the keys from the config (tests pass their own to loadIdentityProviders). */
export function providersOf({ config, logger }: ProviderContext<IdentityConfig>): Promise<IdentityProviders> {
  return loadIdentityProviders(config, logger);
}
