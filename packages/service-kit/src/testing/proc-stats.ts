// What Linux says of a running process in /proc: its memory (status) and the CPU it has used (stat). The upload
// memory tests and the bench read other processes (services they started) through these.
import { readFile } from 'node:fs/promises';

/** A memory field of /proc/<pid>/status, in KB: VmRSS (resident now) or VmHWM (its high-water mark). */
export async function processMemoryKb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, 'm').exec(status);
  if (!match) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]);
}

/** The unit of CPU times in /proc, in ticks a second (USER_HZ): the kernel fixes it at 100 for user space. */
const USER_HZ = 100;

/** CPU ms a process has used so far, user and system, all its threads (/proc/<pid>/stat). */
export async function processCpuMs(pid: number | string): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // utime and stime are the 14th and 15th fields, counted from after the command name (which may hold spaces).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
}
