// Rsbuild config of the voice remote (Text to Speech, Speech to Speech, Sound Effects, Voice Isolator); everything but
// its name and dev port is the shared remote config.
import { defineRemoteConfig } from '@act/host-sdk/federation';

export default defineRemoteConfig({ family: 'voice', devPort: 3107 });
