// The module this remote exposes as './tools': the chat family's tool pages, keyed by tool id (front-end contract).
// Chat Agent and AI Web Chat come with the next chat issue; until then the shell shows them as it does today.
import type { ToolPages } from '@act/host-sdk';
import { PlaygroundPage } from './pages/playground-page';
import { ReasoningPage } from './pages/reasoning-page';
import './chat.css';

export const toolPages: ToolPages = {
  'ai-chat-playground': PlaygroundPage,
  'chat-reasoning': ReasoningPage,
};
