// What the identity routes are built from (assembled by createApp).
import type { JwtVerifier } from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import type { MailQueue } from '../domain/mail';
import type { AuthRateLimits } from '../domain/rate-limits';
import type { SessionDeps } from '../domain/sessions';
import type { UserEvents } from '../domain/user-events';
import type { GoogleOidc } from '../providers/google-oidc';

export interface IdentityRouteDeps extends SessionDeps {
  events: UserEvents;
  mail: MailQueue;
  rateLimits: AuthRateLimits;
  /** Verifies access tokens against identity's own keys (GET and PUT user). */
  verifier: JwtVerifier;
  /** Absent when Google sign-in is not configured. */
  google: GoogleOidc | undefined;
  publicUrl: string;
  cookieSecure: boolean;
  /** The object store of the data exports' zips; absent when exports are off. */
  exportFiles?: ObjectStore;
}
