// Registers the service worker (shell/public/sw.js, docs/architecture.md#service-worker) once the page has loaded,
// so its install (precaching the offline page) never competes with the first paint. A browser without service
// workers, or a page that is not a secure context, simply goes without: the product works the same online.
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Refused (storage off, a private window): the product runs without offline support.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
