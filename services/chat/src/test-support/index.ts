// What other workspaces' tests use of the chat service (`@act/chat/testing`): the local fake of the web search API.
export * from './fake-search';
