// A section's sign-up survives one connection the gateway resets, and says where it failed when it cannot.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { signUpMember } from './bench-members';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A stand-in gateway whose first `resets` sign-ups get their connection reset; the others a session. */
async function gatewayResetting(resets: number): Promise<{ url: string; emails: string[] }> {
  const emails: string[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      emails.push((JSON.parse(body) as { email: string }).email);
      if (emails.length <= resets) return req.socket.resetAndDestroy();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ session: { access_token: `token-${emails.length}` } }));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, emails };
}

it('sends a sign-up whose connection was reset once more, as a new member', async () => {
  const gateway = await gatewayResetting(1);
  await expect(signUpMember(gateway.url, 'prompt-0')).resolves.toBe('token-2');
  expect(gateway.emails).toHaveLength(2);
  expect(new Set(gateway.emails).size).toBe(2);
});

it('names the address when the sign-up got no reply twice', async () => {
  const gateway = await gatewayResetting(2);
  await expect(signUpMember(gateway.url)).rejects.toThrow(
    `a sign-up at ${gateway.url} got no reply, twice: read ECONNRESET`,
  );
});

it('does not send again a sign-up the gateway answered with an error', async () => {
  server = createServer((_req, res) => {
    res.statusCode = 503;
    res.end('{"success":false}');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await expect(signUpMember(url)).rejects.toThrow('sign-up answered 503');
});
