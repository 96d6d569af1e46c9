// The module this remote exposes as './tools': the chat family's tool pages, keyed by tool id (front-end contract).
import type { ToolPages } from '@act/host-sdk';
import { AgentPage } from './pages/agent-page';
import { DeepSearchPage } from './pages/deep-search-page';
import { PlaygroundPage } from './pages/playground-page';
import { ReasoningPage } from './pages/reasoning-page';
import { WebChatPage } from './pages/web-chat-page';

export const toolPages: ToolPages = {
  'ai-chat-playground': PlaygroundPage,
  'chat-agent': AgentPage,
  'chat-reasoning': ReasoningPage,
  'ai-web-chat': WebChatPage,
  'deep-search': DeepSearchPage,
};
