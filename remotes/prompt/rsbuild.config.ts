// Rsbuild config of the prompt remote (the four prompt tool pages); everything but its name and dev port is the
// shared remote config.
import { defineRemoteConfig } from '@act/host-sdk/federation';

export default defineRemoteConfig({ family: 'prompt', devPort: 3101 });
