// A minimal browser for tests: fetch against one origin with a cookie jar that honours Path and Max-Age, manual
// redirects (so tests can inspect every hop), and JSON helpers.
export interface TestBrowser {
  readonly origin: string;
  request(pathOrUrl: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  postJson<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<JsonReply<T>>;
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string, path?: string): void;
  deleteCookie(name: string): void;
}

export interface JsonReply<T> {
  status: number;
  headers: Headers;
  body: T;
}

interface StoredCookie {
  value: string;
  path: string;
}

export function createBrowser(origin: string): TestBrowser {
  const jar = new Map<string, StoredCookie>();

  const cookieHeader = (url: URL): string | undefined => {
    if (url.origin !== new URL(origin).origin) return undefined;
    const pairs = [...jar.entries()]
      .filter(
        ([, cookie]) =>
          url.pathname === cookie.path || url.pathname.startsWith(`${cookie.path.replace(/\/$/, '')}/`),
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`);
    return pairs.length > 0 ? pairs.join('; ') : undefined;
  };

  const storeCookies = (url: URL, headers: Headers) => {
    if (url.origin !== new URL(origin).origin) return;
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key.toLowerCase()}=`))?.split('=')[1];
      const maxAge = attribute('Max-Age');
      if (value === '' || maxAge === '0') jar.delete(name);
      else jar.set(name, { value, path: attribute('Path') ?? '/' });
    }
  };

  const browser: TestBrowser = {
    origin,
    async request(pathOrUrl, init = {}) {
      const url = new URL(pathOrUrl, origin);
      const headers = new Headers(init.headers);
      const cookies = cookieHeader(url);
      if (cookies) headers.set('cookie', cookies);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      const response = await fetch(url, { ...init, headers, body, redirect: 'manual' });
      storeCookies(url, response.headers);
      return response;
    },
    async postJson<T>(path: string, json: unknown, headers: Record<string, string> = {}) {
      const response = await browser.request(path, { method: 'POST', json, headers });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: (text ? JSON.parse(text) : {}) as T,
      };
    },
    cookie: (name) => jar.get(name)?.value,
    setCookie(name, value, path = '/') {
      jar.set(name, { value, path });
    },
    deleteCookie(name) {
      jar.delete(name);
    },
  };
  return browser;
}

/** GET with a bearer token, parsed as JSON. */
export async function getJson<T = Record<string, unknown>>(
  browser: TestBrowser,
  path: string,
  accessToken?: string,
): Promise<JsonReply<T>> {
  const response = await browser.request(path, {
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : {}) as T };
}
