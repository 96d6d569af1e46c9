// The module this remote exposes as './tools': the image family's tool pages, keyed by tool id (front-end contract).
// One page module per screen (src/pages); parts shared by the screens live in src/components and src/hooks.
import type { ToolPages } from '@act/host-sdk';
import { EditImagePage } from './pages/edit-image-page';
import { EFFECT_PAGES } from './effects/effect-screen';
import { ImageHubPage } from './pages/image-hub-page';
import { TextToImagePage } from './pages/text-to-image-page';
import { UpscalePage } from './pages/upscale-page';

export const toolPages: ToolPages = {
  'text-to-image': TextToImagePage,
  'image-to-image': ImageHubPage,
  ...EFFECT_PAGES,
  upscale: UpscalePage,
  'edit-image': EditImagePage,
};
