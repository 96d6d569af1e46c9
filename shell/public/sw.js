/* global self, caches, fetch, Request, Response */
// The shell's service worker (docs/architecture.md#service-worker). It caches only content-hashed static files of
// the shell and the remotes (cache-first: a hashed name never changes content), never an API reply, a signed file
// URL or a page; navigations go to the network and, when it fails, get the offline page. A new version waits until
// no tab uses the old one (no skipWaiting, no clients.claim), so new assets take effect on the next load and never
// mid-session; its activation deletes the older versions' caches. A plain script (no build step) served with
// `Cache-Control: no-cache` by the gateway, so the browser sees a new version at once.

/** Bump when this file's caching changes; hashed assets need no bump (new content, new name). */
var VERSION = 'v2';
var CACHE_PREFIX = 'act-';
var ASSET_CACHE = CACHE_PREFIX + 'assets-' + VERSION;
var OFFLINE_CACHE = CACHE_PREFIX + 'offline-' + VERSION;
var OFFLINE_PAGE = '/offline.html';
/**
 * The offline page (every language's words in one page) and what it loads: answered from the network, from this
 * cache only when that fails.
 */
var OFFLINE_FILES = [OFFLINE_PAGE, '/theme-boot.js', '/lang-boot.js', '/offline.js', '/favicon.svg'];
/** Enough for a few deploys of the shell and every remote; the oldest entries go first. */
var MAX_ASSETS = 400;

// Rsbuild's output: /static/<kind>/[async/]<name>.<8+ hex hash>.<ext>, for the shell at the root and for each remote
// under /remotes/<family>/ (same origin through the gateway, or the remote's own origin).
var STATIC_PATH = /^\/(?:remotes\/[a-z][a-z0-9-]*\/)?static\//;
var HASHED_NAME = /\.[0-9a-f]{8,}\.(?:js|css|woff2?|ttf|png|jpe?g|svg|webp|avif|wasm)$/;

/**
 * Whether a GET of `url` may be answered from, and stored in, the asset cache. `origin` is the shell's own. Only
 * hashed static files; never /api/ (replies and signed file URLs), never a URL with a query (a signature or a
 * token travels there; hashed files have none), and from another origin only a remote's /remotes/ files.
 */
function isCacheableAsset(url, origin) {
  var parsed;
  try {
    parsed = new URL(url, origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.search !== '' || parsed.username !== '' || parsed.password !== '') return false;
  var pathname = parsed.pathname;
  if (pathname.indexOf('/api/') === 0) return false;
  if (parsed.origin !== origin && pathname.indexOf('/remotes/') !== 0) return false;
  return STATIC_PATH.test(pathname) && HASHED_NAME.test(pathname);
}

/** Whether `url` is one of the offline page's own files on our origin. */
function isOfflineFile(url, origin) {
  var parsed = new URL(url, origin);
  return parsed.origin === origin && parsed.search === '' && OFFLINE_FILES.indexOf(parsed.pathname) >= 0;
}

/** Navigations the worker answers: pages of our origin; /api/ ones (a signed file opened in a tab) go untouched. */
function isPageNavigation(url, origin) {
  var parsed = new URL(url, origin);
  return parsed.origin === origin && parsed.pathname.indexOf('/api/') !== 0;
}

function cacheFirst(request) {
  return caches.open(ASSET_CACHE).then(function (cache) {
    // Hashed files never change, so the Vary headers (Accept-Encoding, Origin) cannot make a hit wrong.
    return cache.match(request, { ignoreVary: true }).then(function (hit) {
      if (hit) return hit;
      return fetch(request).then(function (response) {
        // Only whole, readable successes: an opaque cross-origin reply could be an error in disguise.
        if (response.status === 200 && (response.type === 'basic' || response.type === 'cors')) {
          cache
            .put(request, response.clone())
            .then(function () {
              return trim(cache);
            })
            .catch(function () {
              // A full disk only costs the cache entry.
            });
        }
        return response;
      });
    });
  });
}

function trim(cache) {
  return cache.keys().then(function (keys) {
    return Promise.all(
      keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map(function (key) {
        return cache.delete(key);
      }),
    );
  });
}

function pageOrOffline(request) {
  return fetch(request).catch(function () {
    return caches.match(OFFLINE_PAGE, { cacheName: OFFLINE_CACHE }).then(function (page) {
      return page || Response.error();
    });
  });
}

function networkOrCached(request) {
  return fetch(request).catch(function () {
    return caches.match(request, { cacheName: OFFLINE_CACHE, ignoreSearch: true }).then(function (hit) {
      return hit || Response.error();
    });
  });
}

// Listeners only in a real worker: the unit test evaluates this file for its functions alone.
if (typeof self !== 'undefined' && typeof self.skipWaiting === 'function') {
  self.addEventListener('install', function (event) {
    event.waitUntil(
      caches.open(OFFLINE_CACHE).then(function (cache) {
        return cache.addAll(
          OFFLINE_FILES.map(function (path) {
            return new Request(path, { cache: 'reload' });
          }),
        );
      }),
    );
  });

  self.addEventListener('activate', function (event) {
    event.waitUntil(
      caches.keys().then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.indexOf(CACHE_PREFIX) === 0 && name !== ASSET_CACHE && name !== OFFLINE_CACHE;
            })
            .map(function (name) {
              return caches.delete(name);
            }),
        );
      }),
    );
  });

  self.addEventListener('fetch', function (event) {
    var request = event.request;
    var origin = self.location.origin;
    // Anything not answered here (API calls, uploads, media ranges, other sites) goes to the network untouched.
    if (request.method !== 'GET' || request.headers.has('range')) return;
    if (request.mode === 'navigate') {
      if (isPageNavigation(request.url, origin)) event.respondWith(pageOrOffline(request));
    } else if (isOfflineFile(request.url, origin)) {
      event.respondWith(networkOrCached(request));
    } else if (isCacheableAsset(request.url, origin)) {
      event.respondWith(cacheFirst(request));
    }
  });
}
