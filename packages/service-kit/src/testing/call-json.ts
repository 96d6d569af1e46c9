// One JSON call to a service under test, as the gateway would forward it: optional bearer token and client IP
// (`x-client-ip`, which the gateway sets for guests), a JSON body (or raw text, to send something malformed), and the
// reply's status with its parsed JSON body ({} when empty).

export interface JsonReply {
  status: number;
  body: Record<string, unknown>;
}

export interface CallOptions {
  token?: string;
  /** The guest's address, as the gateway passes it. */
  ip?: string;
  body?: unknown;
  /** Sent as is instead of `body` (malformed JSON, a wrong content type). */
  raw?: string;
  headers?: Record<string, string>;
  /** Ends the call (a test's bound on a call that might never answer). */
  signal?: AbortSignal;
}

export async function callJson(
  base: string,
  method: string,
  path: string,
  { token, ip, body, raw, headers = {}, signal }: CallOptions = {},
): Promise<JsonReply> {
  const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(ip ? { 'x-client-ip': ip } : {}),
      ...headers,
    },
    body: payload,
    signal,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
