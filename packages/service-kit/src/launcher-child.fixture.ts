// A process as a launcher starts one (launcher-channel.test.ts): a kit app served with the signal handling every
// service has, on free ports.
import { createHttpApp } from './http-app';
import { startHttpServer } from './server';
import { createLogger } from './logger';

const logger = createLogger({ name: 'launcher-child', level: 'silent' });
await startHttpServer(createHttpApp({ name: 'launcher-child', logger }), {
  port: 0,
  host: '127.0.0.1',
  logger,
  handleSignals: true,
});
