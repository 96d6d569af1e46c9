/* global window, document */
// Sets the theme before the first paint (docs/architecture.md#themes), so a dark system never flashes a light page.
// A plain, blocking file because the page's CSP allows no inline script. Keep its two rules in step with
// packages/host-sdk/src/theme.ts: the stored choice (`act-theme`: light | dark | system, System by default) and,
// for System, the browser's prefers-color-scheme, followed live.
(function () {
  var media = window.matchMedia('(prefers-color-scheme: dark)');
  function storedChoice() {
    try {
      return window.localStorage.getItem('act-theme');
    } catch {
      // Storage refused (private mode): the system setting decides.
      return null;
    }
  }
  function apply() {
    var choice = storedChoice();
    var dark = choice === 'dark' || (choice !== 'light' && media.matches);
    document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
  }
  apply();
  media.addEventListener('change', apply);
  window.addEventListener('storage', function (event) {
    if (event.key === 'act-theme') apply();
  });
})();
