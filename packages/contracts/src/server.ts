// @act/contracts/server: contracts only servers use (services, gateway, launchers). The browser never imports this
// entry (an ESLint rule refuses it in the shell, remotes and host-sdk), so none of it ships to the browser.
export * from './nats';
export * from './creations';
export * from './nats-permissions';
export * from './services';
export * from './plan-prices';
export * from './openapi';
export * from './launcher';
