// The local engine's worker thread: its entry (engines/local-engine.ts holds both sides), built on its own for the
// compiled image.
import { serveLocalTasks } from './local-engine';

serveLocalTasks();
