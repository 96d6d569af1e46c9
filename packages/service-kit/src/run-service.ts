// The one way a service process starts: run its start-up, and if that fails, say why on stderr and exit 1.
// A configuration error prints the readable list of bad variables (not a stack), so an operator can fix the env.
import { ConfigError } from './config';
import { surviveDriverConnectionRejections } from './driver-rejections';
import { createLogger } from './logger';

export function runService(name: string, start: () => Promise<void>): void {
  // A process of its own: a connection error the database driver drops does not end it (driver-rejections.ts).
  // Its warning is written whatever LOG_LEVEL says.
  surviveDriverConnectionRejections(createLogger({ name, level: 'warn' }));
  start().catch((error: unknown) => {
    if (error instanceof ConfigError) console.error(`${name}: ${error.message}`);
    else console.error(`${name} failed to start`, error);
    process.exit(1);
  });
}
