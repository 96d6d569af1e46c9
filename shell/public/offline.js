/* global document */
// Shows the offline page in the member's language (docs/architecture.md#service-worker). lang-boot.js, run before
// this, wrote the language into <html lang>; the shell's build wrote every language's words into the page's
// #offline-texts data block (shell/src/offline/offline-page.ts), with English in place. A plain file because the
// page's CSP allows no inline script.
(function () {
  var data = document.getElementById('offline-texts');
  var texts = data ? JSON.parse(data.textContent)[document.documentElement.lang] : null;
  if (!texts) return;
  document.title = texts.pageTitle;
  var fields = document.querySelectorAll('[data-offline-text]');
  for (var i = 0; i < fields.length; i += 1) {
    var text = texts[fields[i].getAttribute('data-offline-text')];
    if (text) fields[i].textContent = text;
  }
})();
