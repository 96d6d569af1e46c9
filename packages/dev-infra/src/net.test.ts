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
});
