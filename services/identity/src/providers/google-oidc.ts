// Google sign-in over OpenID Connect (authorization code flow with PKCE, state and nonce) using openid-client,
// which validates the ID token's signature, issuer, audience, expiry and nonce. Any OpenID provider works
// (GOOGLE_ISSUER), which is how the tests run the real protocol against a local provider.
import * as oidc from 'openid-client';

export interface GoogleIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
}

export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface GoogleOidc {
  authorizationUrl(checks: OidcChecks): Promise<string>;
  /** Validates the callback and exchanges the code; throws when anything in the response is off. */
  exchange(callbackUrl: URL, checks: OidcChecks): Promise<GoogleIdentity>;
}

export interface GoogleOidcOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  timeoutSeconds?: number;
}

export function createGoogleOidc(options: GoogleOidcOptions): GoogleOidc {
  let configuration: Promise<oidc.Configuration> | undefined;
  const configure = () => {
    configuration ??= oidc
      .discovery(new URL(options.issuer), options.clientId, options.clientSecret, undefined, {
        // Plain http is only ever a local test or development provider; Google itself is https.
        execute: new URL(options.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: options.timeoutSeconds ?? 10,
      })
      .catch((error: unknown) => {
        // Try discovery again on the next sign-in instead of caching the failure.
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    async authorizationUrl({ state, nonce, codeVerifier }) {
      const config = await configure();
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: options.redirectUri,
          scope: 'openid email profile',
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state,
          nonce,
          prompt: 'select_account',
        })
        .toString();
    },
    async exchange(callbackUrl, { state, nonce, codeVerifier }) {
      const config = await configure();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider returned no ID token');
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: claims.email_verified === true,
      };
    },
  };
}
