// The module this remote exposes as './tools': the prompt family's tool pages, keyed by tool id (front-end contract),
// each with the member's recent results below it.
import type { ToolPages } from '@act/host-sdk';
import { withRecentResults } from './components/with-recent-results';
import { DescribeImagePage } from './pages/describe-image-page';
import { ImageToPromptPage } from './pages/image-to-prompt-page';
import { MagicEnhancePage } from './pages/magic-enhance-page';
import { VideoPromptPage } from './pages/video-prompt-page';

export const toolPages: ToolPages = {
  'image-to-prompt': withRecentResults(ImageToPromptPage, 'image-to-prompt'),
  'magic-enhance': withRecentResults(MagicEnhancePage, 'magic-enhance'),
  'ai-describe-image': withRecentResults(DescribeImagePage, 'ai-describe-image'),
  'image-to-video-prompt': withRecentResults(VideoPromptPage, 'image-to-video-prompt'),
};
