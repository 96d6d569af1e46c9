// Public surface of @act/contracts: the single source of truth shared by browser and servers.
export * from './errors';
export * from './ui-texts';
export * from './tools';
export * from './plans';
export * from './options';
export * from './limits';
export * from './nats';
export * from './nats-permissions';
export * from './routes';
export * from './api/common';
export * from './api/identity';
export * from './api/credits';
export * from './api/prompt';
export * from './api/chat';
export * from './api/image';
export * from './api/voice';
export * from './api/youtube';
