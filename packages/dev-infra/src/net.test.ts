import fs from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { findFreePort } from './net';

describe('findFreePort', () => {
  it('gives a bindable port below the ephemeral range, where outgoing connections never take it first', async () => {
    const ephemeralStart = Number(
      fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
    );
    const ports = await Promise.all(Array.from({ length: 5 }, () => findFreePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20000);
      expect(port).toBeLessThan(ephemeralStart);
    }
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(ports[0], '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });

  it('never hands out the same port twice in one process, though none of them is bound yet', async () => {
    // A launcher picks every service's port before starting any: 2,000 picks over ~12,000 ports would repeat one
    // about 150 times if each pick only checked that nobody listens yet.
    const ports: number[] = [];
    for (let i = 0; i < 2000; i++) ports.push(await findFreePort());
    expect(new Set(ports).size).toBe(ports.length);
  });
});
