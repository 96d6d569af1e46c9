// The one way a service process starts: run its start-up, and if that fails, say why on stderr and exit 1.
// A configuration error prints the readable list of bad variables (not a stack), so an operator can fix the env.
import { ConfigError } from './config';

export function runService(name: string, start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    if (error instanceof ConfigError) console.error(`${name}: ${error.message}`);
    else console.error(`${name} failed to start`, error);
    process.exit(1);
  });
}
