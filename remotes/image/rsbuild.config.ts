// Rsbuild config of the image remote (Text to Image with its gallery; the image-to-image hub and photo effects join
// it); everything but its name and dev port is the shared remote config.
import { defineRemoteConfig } from '@act/host-sdk/federation';

export default defineRemoteConfig({ family: 'image', devPort: 3106 });
