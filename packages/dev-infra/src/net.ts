// Small TCP helpers shared by the embedded servers: finding a free port and waiting for a listener.
import net from 'node:net';

/** Asks the kernel for a port nobody listens on (bind to 0, read it back, release it). */
export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('Could not obtain a free port'))));
    });
  });
}

/** True when nothing accepts connections on host:port and we may bind it. */
export async function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * Opens a TCP connection and resolves with the first bytes the server sends (or '' when it sends none within
 * `greetingMs`). Rejects when the connection is refused or times out.
 */
export async function probeTcp(
  host: string,
  port: number,
  { timeoutMs = 2000, greetingMs = 0 }: { timeoutMs?: number; greetingMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let settled = false;
    const finish = (error: Error | null, greeting = '') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(greeting);
    };
    const timer = setTimeout(() => finish(new Error(`Timed out connecting to ${host}:${port}`)), timeoutMs);
    socket.once('error', (error) => finish(error));
    socket.once('connect', () => {
      if (greetingMs <= 0) return finish(null);
      socket.once('data', (chunk) => finish(null, chunk.toString('utf8')));
      setTimeout(() => finish(null), greetingMs);
    });
  });
}

/** Polls `check` until it resolves true, or throws after `timeoutMs` with `what` in the message. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  {
    timeoutMs = 30_000,
    intervalMs = 100,
    abort,
  }: { timeoutMs?: number; intervalMs?: number; abort?: () => Error | undefined } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const aborted = abort?.();
    if (aborted) throw aborted;
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
