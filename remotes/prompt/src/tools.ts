// The module this remote exposes as './tools': the prompt family's tool pages, keyed by tool id (front-end contract).
import type { ToolPages } from '@act/host-sdk';
import { DescribeImagePage } from './pages/describe-image-page';
import { ImageToPromptPage } from './pages/image-to-prompt-page';
import { MagicEnhancePage } from './pages/magic-enhance-page';
import { VideoPromptPage } from './pages/video-prompt-page';

export const toolPages: ToolPages = {
  'image-to-prompt': ImageToPromptPage,
  'magic-enhance': MagicEnhancePage,
  'ai-describe-image': DescribeImagePage,
  'image-to-video-prompt': VideoPromptPage,
};
