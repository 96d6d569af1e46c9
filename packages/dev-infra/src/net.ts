// Small TCP helpers shared by the embedded servers: finding a free port and waiting for a listener.
import fs from 'node:fs';
import net from 'node:net';

/**
 * A port nobody listens on, for a server about to start. Picked at random below the kernel's ephemeral range (where
 * the source ports of outgoing connections come from) and checked free, so a busy test run's own connections do not
 * take it before the server binds it, which bind-to-0 ports (themselves ephemeral) suffered from; the kernel's
 * choice when no port there is free after a few tries. Never the same port twice in one process: a launcher picks
 * every port before it starts the first server, so a port checked free but not yet bound would otherwise be handed
 * to two servers (seen: the e2e gateway dying with EADDRINUSE because a service of the same launch had its port).
 */
export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  const [low, high] = portsBelowEphemeralRange();
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(port)) continue;
    // Marked before the check, so two calls in flight at once cannot both take it.
    handedOut.add(port);
    if (await isPortFree(port, host)) return port;
    handedOut.delete(port);
  }
  const port = await kernelFreePort(host);
  handedOut.add(port);
  return port;
}

/** Every port findFreePort has returned in this process. */
const handedOut = new Set<number>();

/** [low, high): from 20000 up to where the ephemeral range starts (Linux: ip_local_port_range, 32768 by default). */
function portsBelowEphemeralRange(): [number, number] {
  let ephemeralStart = Number.NaN;
  try {
    ephemeralStart = Number(
      fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
    );
  } catch {
    // Not Linux: Linux's default start below.
  }
  return Number.isInteger(ephemeralStart) && ephemeralStart > 21000
    ? [20000, ephemeralStart]
    : [20000, 32768];
}

function kernelFreePort(host: string): Promise<number> {
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
