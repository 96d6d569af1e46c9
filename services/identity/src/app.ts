// The identity HTTP app: sign-up, sessions, account, recovery, Google sign-in and the JWKS, all under /api/identity.
import {
  createHttpApp,
  MEMBER_DATA_CACHE,
  createJwtVerifier,
  type Logger,
  type NatsConnection,
  type ReadinessChecks,
  type ServiceApp,
  routeRequests,
  type Sql,
} from '@act/service-kit';
import { IDENTITY_ENDPOINTS } from '@act/contracts';
import type { ObjectStore } from '@act/service-kit/files';
import type { IdentityConfig } from './config';
import type { IdentityStore } from './db/identity-store';
import type { DataExports } from './domain/data-exports';
import type { MailQueue } from './domain/mail';
import type { AuthRateLimits } from './domain/rate-limits';
import type { KeyStore } from './domain/signing-keys';
import type { TokenRevocations } from './domain/token-revocations';
import type { UserEvents } from './domain/user-events';
import type { GoogleOidc } from './providers/google-oidc';
import { createApiKeysRouter } from './routes/api-keys.routes';
import { createDataExportsRouter } from './routes/data-exports.routes';
import { createGoogleRouter } from './routes/google.routes';
import { createKeysRouter } from './routes/keys.routes';
import { createRecoveryRouter } from './routes/recovery.routes';
import type { IdentityRouteDeps } from './routes/route-deps';
import { createSessionRouter } from './routes/session.routes';
import { createUserRouter } from './routes/user.routes';

export interface IdentityAppDeps {
  config: Pick<
    IdentityConfig,
    | 'PUBLIC_URL'
    | 'JWT_ISSUER'
    | 'JWT_AUDIENCE'
    | 'ACCESS_TOKEN_TTL_SECONDS'
    | 'REFRESH_TOKEN_TTL_DAYS'
    | 'COOKIE_SECURE'
  >;
  logger: Logger;
  /** Readiness only; everything else goes through `store`. */
  sql: Sql;
  store: IdentityStore;
  nc: NatsConnection;
  keys: KeyStore;
  events: UserEvents;
  mail: MailQueue;
  rateLimits: AuthRateLimits;
  google: GoogleOidc | undefined;
  revocations: TokenRevocations;
  /** Export my data and the object store its zips are kept in: absent without S3_BUCKET and FILE_URL_SECRET. */
  dataExports?: { exports: DataExports; files: ObjectStore };
  /**
   * The database only (startService): sign-in, sign-up and sessions need nothing else, so with NATS away identity
   * stays ready, and its outbox relay publishes the user events once NATS is back.
   */
  readiness?: ReadinessChecks;
}

export function createApp(deps: IdentityAppDeps): ServiceApp {
  const { config, logger, keys } = deps;
  const app = createHttpApp({
    name: 'identity',
    logger,
    // Each endpoint parses its own body, with the limit its definition gives (mountEndpoint).
    bodyLimit: false,
    readiness: deps.readiness,
  });

  // Replies carry tokens and account data: no cache may keep them (the JWKS route sets its own policy).
  app.use(async (ctx, next) => {
    ctx.set('Cache-Control', MEMBER_DATA_CACHE);
    await next();
  });

  const routeDeps: IdentityRouteDeps = {
    store: deps.store,
    keys,
    logger,
    settings: {
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    },
    events: deps.events,
    revocations: deps.revocations,
    mail: deps.mail,
    rateLimits: deps.rateLimits,
    // Identity holds the keys, so it verifies its own tokens without fetching its own JWKS over HTTP.
    verifier: createJwtVerifier({
      jwksUrl: new URL(IDENTITY_ENDPOINTS.jwks.path, config.PUBLIC_URL).toString(),
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      keys: (header) => keys.verificationKey(header),
      revocations: deps.revocations.list,
    }),
    google: deps.google,
    publicUrl: config.PUBLIC_URL,
    cookieSecure: config.COOKIE_SECURE,
    exportFiles: deps.dataExports?.files,
  };

  app.use(
    routeRequests([
      createSessionRouter(routeDeps),
      createUserRouter(routeDeps),
      createApiKeysRouter(routeDeps),
      createDataExportsRouter({ verifier: routeDeps.verifier, ...deps.dataExports }),
      createRecoveryRouter(routeDeps),
      createGoogleRouter(routeDeps),
      createKeysRouter(keys),
    ]),
  );
  return { app };
}
