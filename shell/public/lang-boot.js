/* global window, document */
// Picks the page's language before the first render (docs/architecture.md#languages) and writes it into
// <html lang>, which contracts reads to switch its texts. A plain, blocking file because the page's CSP allows no
// inline script. Keep its rules in step with packages/contracts/src/i18n/locale.ts: `?lang=` (remembered, then
// removed from the address), else the stored choice (`act-lang`), else the browser's languages, else English.
(function () {
  var SUPPORTED = ['en', 'es'];
  var KEY = 'act-lang';
  function supported(value) {
    var language = String(value || '')
      .trim()
      .toLowerCase()
      .split(/[-_]/)[0];
    return SUPPORTED.indexOf(language) >= 0 ? language : null;
  }
  function stored() {
    try {
      return window.localStorage.getItem(KEY);
    } catch {
      // Storage refused (private mode): the browser's languages decide.
      return null;
    }
  }
  var url = new URL(window.location.href);
  var asked = supported(url.searchParams.get('lang'));
  if (asked) {
    try {
      window.localStorage.setItem(KEY, asked);
    } catch {
      // Not remembered; this page still shows it.
    }
    url.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  var candidates = [asked, stored()].concat(window.navigator.languages || [window.navigator.language]);
  var chosen = 'en';
  for (var i = 0; i < candidates.length; i += 1) {
    var language = supported(candidates[i]);
    if (language) {
      chosen = language;
      break;
    }
  }
  document.documentElement.setAttribute('lang', chosen);
})();
