// The API reference's "try it" (docs/product-rules.md#personal-api-keys): a form on /api/docs that sends one call
// with a personal API key (or an access token) and shows the answer. Its script is a file of its own, served from
// this origin, because the site's Content-Security-Policy allows no inline script.

export const TRY_IT_SCRIPT_PATH = '/api/docs/try-it.js';

/** The form, placed above the tables; each table row's Try button fills it (see the script). */
export const TRY_IT_FORM = `<section aria-labelledby="try-it-title"><h2 id="try-it-title">Try it</h2>
<p>Paste a personal API key (create one on your account page; it is sent only to this site) and send a call.</p>
<form id="try-it"><p><label for="try-it-key">API key</label><br><input id="try-it-key" name="key" type="password" autocomplete="off" size="60" placeholder="act_…"></p>
<p><label for="try-it-method">Method</label><br><select id="try-it-method" name="method"><option>GET</option><option>POST</option><option>PUT</option><option>PATCH</option><option>DELETE</option></select></p>
<p><label for="try-it-path">Path</label><br><input id="try-it-path" name="path" size="60" value="/api/credits/me"></p>
<p><label for="try-it-body">JSON body</label><br><textarea id="try-it-body" name="body" rows="5" cols="60"></textarea></p>
<p><button type="submit">Send</button></p></form>
<pre id="try-it-result" role="status" aria-live="polite" tabindex="0"></pre></section>`;

export const TRY_IT_SCRIPT = `'use strict';
(() => {
  const form = document.getElementById('try-it');
  const result = document.getElementById('try-it-result');
  if (!form || !result) return;
  const field = (name) => form.elements.namedItem(name);
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-try-path]') : null;
    if (!button) return;
    field('method').value = button.dataset.tryMethod;
    field('path').value = button.dataset.tryPath;
    field('body').value = button.dataset.tryBody || '';
    form.scrollIntoView();
    field('path').focus();
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const method = field('method').value;
    const key = field('key').value.trim();
    const body = field('body').value.trim();
    const sendsBody = body !== '' && method !== 'GET' && method !== 'DELETE';
    const headers = {};
    if (key) headers.authorization = 'Bearer ' + key;
    if (sendsBody) headers['content-type'] = 'application/json';
    result.textContent = 'Sending…';
    try {
      const response = await fetch(field('path').value, {
        method,
        headers,
        credentials: 'omit',
        ...(sendsBody ? { body } : {}),
      });
      const text = await response.text();
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {}
      result.textContent = response.status + ' ' + response.statusText + '\\n\\n' + shown;
    } catch (error) {
      result.textContent = String(error);
    }
  });
})();
`;
