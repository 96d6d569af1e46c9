// Pinning processes to CPUs for a comparison of what a request costs two servers (gateway-section.ts): both servers
// on one CPU, side by side, and the bench's load generator on the others. On a virtual machine's shared cores one
// CPU runs slower than the other for seconds at a time, and a server's CPU time per request follows the CPU it lands
// on; on the same CPU at the same time, two servers see the same one. `taskset` (util-linux) sets and reads the
// affinity of a process and all its threads.
import { spawnSync } from 'node:child_process';

export interface Pinning {
  /** The one CPU the servers share. */
  cpu: string;
  /** Gives the bench back the CPUs it had before. */
  restore(): void;
}

/** A process's allowed CPUs, one by one; undefined when taskset cannot tell. */
export function affinityOf(pid: number): string[] | undefined {
  const result = spawnSync('taskset', ['-c', '-p', String(pid)], { encoding: 'utf8' });
  // "pid 4253's current affinity list: 0,1" (or "0-3").
  const list = result.status === 0 ? /:\s*(\S+)\s*$/.exec(result.stdout)?.[1] : undefined;
  return list === undefined ? undefined : expandCpuList(list);
}

function setAffinity(pid: number, cpus: string): boolean {
  return spawnSync('taskset', ['-a', '-c', '-p', cpus, String(pid)], { stdio: 'ignore' }).status === 0;
}

/** "0-2,5" → ['0', '1', '2', '5']. */
export function expandCpuList(list: string): string[] {
  return list.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number);
    if (to === undefined) return [String(from)];
    return Array.from({ length: to - from! + 1 }, (_, i) => String(from! + i));
  });
}

/**
 * Puts `servers` on the last CPU the bench may use and the bench itself on the rest. Returns why not instead when
 * taskset is missing or refuses, or the bench has a single CPU (where everything shares it anyway).
 */
export function pinServersApart(servers: readonly number[]): Pinning | string {
  const cpus = affinityOf(process.pid);
  if (!cpus) return 'taskset (util-linux) is not installed or cannot read this process';
  if (cpus.length < 2) return `the bench may use one CPU (${cpus.join(',')})`;
  const cpu = cpus[cpus.length - 1]!;
  const restore = () => void setAffinity(process.pid, cpus.join(','));
  if (!setAffinity(process.pid, cpus.slice(0, -1).join(','))) return 'taskset could not pin the bench';
  if (!servers.every((pid) => setAffinity(pid, cpu))) {
    restore();
    return 'taskset could not pin the servers';
  }
  return { cpu, restore };
}
