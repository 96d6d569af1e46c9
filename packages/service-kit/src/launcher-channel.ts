// A process started by a local launcher with an IPC channel (dev-infra's startChild sets LAUNCHER_IPC=1): it binds a
// free port when its preferred one is taken (another copy of the product, or a foreign process, holds it), tells the
// launcher the ports it bound, and stops when the launcher is gone, so it never outlives it holding its ports. In a
// deployment there is no such channel: a taken port fails the start, as the orchestrator routes to fixed ports.
import { isListeningReport, LAUNCHER_IPC_ENV, type ListeningReport } from '@act/contracts/server';

export function hasLauncherChannel(): boolean {
  return process.env[LAUNCHER_IPC_ENV] === '1' && typeof process.send === 'function' && process.connected;
}

/** Tells the launcher which ports this process bound (after both listeners are up: bind first, then tell). */
export function reportListening(ports: { port: number; opsPort: number }): void {
  if (!hasLauncherChannel()) return;
  const report: ListeningReport = { type: 'listening', pid: process.pid, ...ports };
  // A launcher that went while we started can still read as connected until the channel's end is seen: the write
  // then fails (EPIPE, on Node 24 an 'error' on the process that would crash it with exit 1). The 'disconnect'
  // that follows stops us cleanly (stopWithLauncher), so the failed report is dropped.
  if (isListeningReport(report)) process.send!(report, undefined, {}, () => {});
}

/**
 * Runs `stop` once when the launcher's channel closes (it exited, even by SIGKILL). A launcher that went while this
 * process was still starting closed the channel before anyone listened: then `stop` runs at once, or the process
 * would outlive it for good.
 */
export function stopWithLauncher(stop: () => void): void {
  if (process.env[LAUNCHER_IPC_ENV] !== '1' || typeof process.send !== 'function') return;
  if (process.connected) process.once('disconnect', stop);
  else stop();
}
