// The provider layer every adapter builds on: one error type, one retry rule, one observing wrapper.
export {
  ProviderError,
  isProviderError,
  isTimeoutError,
  neverSent,
  providerStatusOf,
  retryAfterMsOf,
  type ProviderErrorOptions,
  type ProviderFailureKind,
} from './provider-error';
export {
  retryProviderCall,
  retryVerdict,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_MAX_RETRY_AFTER_MS,
  type ProviderRetryOptions,
  type RetryVerdict,
} from './retry';
export { observeProvider, observeProviderCall, type ObserveProviderOptions } from './observe';
