// What load-tests/ uses of chat (the package's `@act/chat/bench` entry): chat's provider client, which the kit +
// provider floor (load-tests/servers/chat-design-floor.ts) holds its streams with.
export { createOpenAiChatProvider } from './providers/openai-provider';
