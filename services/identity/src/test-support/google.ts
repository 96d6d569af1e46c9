// One local Google for the identity tests: an OpenID provider speaking Google's wire format (authorize redirect,
// token endpoint, JWKS, RS256 id tokens; oauth2-mock-server), the real identity app pointed at it, and the real
// gateway in front on the port PUBLIC_URL names, so the redirect URI Google sends the browser back to is the
// gateway's callback. A test says who signs in at Google next and walks a browser through the flow.
import { OAuth2Server } from 'oauth2-mock-server';
import { expect } from 'vitest';
import { API_ROUTES } from '@act/contracts';
import { findFreePort } from '@act/service-kit/testing';
import type { TestBrowser } from './browser';
import {
  startGateway,
  startIdentity,
  type GatewayUnderTest,
  type IdentityUnderTest,
  type StartIdentityOptions,
} from './harness';

const R = API_ROUTES.identity;

/** The claims Google puts in the id token of whoever signs in. */
export interface GoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
}

/** One pass through Google: the callback URL Google sent the browser to, and where our callback sent it next. */
export interface ThroughGoogle {
  callback: URL;
  landing: URL;
}

export interface GoogleTestBed {
  identity: IdentityUnderTest;
  gateway: GatewayUnderTest;
  /** The local provider's issuer URL (GOOGLE_ISSUER). */
  issuer: string;
  /** Who Google says is signing in from now on (until the next call). */
  signInAs(account: GoogleAccount): void;
  /**
   * A browser arriving at Google with `atProvider` (our authorize redirect): checks it asks for the PKCE, nonce and
   * redirect URI the flow needs and returns the callback URL Google sends the browser back to (code and state).
   */
  answer(atProvider: URL): Promise<URL>;
  /** `browser` goes to Google at `atProvider` and brings the answer back to our callback (which must redirect). */
  through(browser: TestBrowser, atProvider: URL): Promise<ThroughGoogle>;
  /** A whole sign-in in `browser`: authorize (with `query`), Google, callback. */
  signIn(browser: TestBrowser, query?: string): Promise<ThroughGoogle>;
  close(): Promise<void>;
}

const CLIENT = { GOOGLE_CLIENT_ID: 'act-test-client', GOOGLE_CLIENT_SECRET: 'act-test-client-secret' };

/** Starts the local Google, identity configured for it, and the gateway in front; `close()` stops all three. */
export async function startGoogleTestBed(options: StartIdentityOptions = {}): Promise<GoogleTestBed> {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  let account: Partial<GoogleAccount> = {};
  provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, account));
  const issuer = provider.issuer.url!;
  let identity: IdentityUnderTest | undefined;
  let gateway: GatewayUnderTest | undefined;
  const close = async () => {
    await gateway?.close();
    await identity?.close();
    await provider.stop();
  };
  try {
    const gatewayPort = await findFreePort();
    identity = await startIdentity({
      ...options,
      env: {
        PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
        ...CLIENT,
        GOOGLE_ISSUER: issuer,
        ...options.env,
      },
    });
    gateway = await startGateway({ identity, port: gatewayPort });
  } catch (error) {
    await close();
    throw error;
  }
  const gatewayUrl = gateway.url;

  const answer = async (atProvider: URL): Promise<URL> => {
    expect(atProvider.origin).toBe(issuer);
    expect(atProvider.searchParams.get('code_challenge_method')).toBe('S256');
    expect(atProvider.searchParams.get('nonce')).toBeTruthy();
    expect(atProvider.searchParams.get('redirect_uri')).toBe(`${gatewayUrl}${R.callback}`);
    const fromProvider = await fetch(atProvider, { redirect: 'manual' });
    return new URL(fromProvider.headers.get('location')!);
  };
  const through = async (browser: TestBrowser, atProvider: URL): Promise<ThroughGoogle> => {
    const callback = await answer(atProvider);
    const finished = await browser.request(callback.toString());
    expect(finished.status).toBe(302);
    return { callback, landing: new URL(finished.headers.get('location')!, gatewayUrl) };
  };

  return {
    identity,
    gateway,
    issuer,
    signInAs(next) {
      account = next;
    },
    answer,
    through,
    async signIn(browser, query = 'provider=google') {
      const start = await browser.request(`${R.authorize}?${query}`);
      expect(start.status).toBe(302);
      return through(browser, new URL(start.headers.get('location')!));
    },
    close,
  };
}
