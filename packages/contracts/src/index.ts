// Public surface of @act/contracts: the single source of truth shared by browser and servers. What only servers need
// (NATS subjects and permissions, the deployment table, price env names) is in @act/contracts/server.
export * from './errors';
export * from './ui-texts';
export * from './tools';
export * from './plans';
export * from './options';
export * from './limits';
export * from './charging';
export * from './endpoint';
export * from './routes';
export * from './return-path';
export * from './api/common';
export * from './api/files';
export * from './api/openapi';
export * from './api/pagination';
export * from './api/identity';
export * from './api/credits';
export * from './api/credit-packs';
export * from './api/credit-controls';
export * from './api/prompt';
export * from './api/chat';
export * from './api/chat-share';
export * from './api/chat-stream';
export * from './api/chat-fuse';
export * from './api/image';
export * from './api/voice';
export * from './api/youtube';
