// Rsbuild config of the chat remote (the chat tool pages); everything but its name and dev port is the shared remote
// config.
import { defineRemoteConfig } from '@act/host-sdk/federation';

export default defineRemoteConfig({ family: 'chat', devPort: 3102 });
