// @act/gateway as a library: lets the benchmark and end-to-end harness start the real gateway in-process.
export { createGatewayApp, type GatewayDeps } from './app';
export { loadGatewayConfig, gatewayConfigSchema, opsUrlsOf, upstreamsOf, type GatewayConfig } from './config';
export { createSystemHealth, type SystemHealth } from './health';
export { createIpRateLimiter } from './rate-limit';
