// What a service or the gateway tells the local launcher that started it (`npm start`, the e2e and bench launchers,
// dev-infra's startChild) over its IPC channel: the ports it actually bound and its pid, so the launcher probes and
// routes to its own children only, never to whatever else answers on the port it had in mind (docs/operations.md).

/** Set to '1' by the launcher on a child it spawned with an IPC channel; never by an operator. */
export const LAUNCHER_IPC_ENV = 'LAUNCHER_IPC';

/** Sent once both listeners are bound; `pid` is also in the ops listener's /readyz answer. */
export interface ListeningReport {
  type: 'listening';
  pid: number;
  port: number;
  opsPort: number;
}

export function isListeningReport(message: unknown): message is ListeningReport {
  if (typeof message !== 'object' || message === null) return false;
  const report = message as Record<string, unknown>;
  return (
    report.type === 'listening' &&
    [report.pid, report.port, report.opsPort].every(
      (value) => Number.isInteger(value) && (value as number) > 0,
    )
  );
}
