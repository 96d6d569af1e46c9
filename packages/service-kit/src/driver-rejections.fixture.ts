// A service process (runService) in which, once started, a promise nobody awaits rejects: with the database driver's
// connection error (argv[2] = 'driver') or with any other error ('other'). Prints "alive" a moment later if it lives.
import { runService } from './run-service';

runService('driver-rejections-fixture', async () => {
  const error =
    process.argv[2] === 'driver'
      ? Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' })
      : new Error('a defect of our own');
  void Promise.reject(error);
  setTimeout(() => console.log('alive'), 200);
});
