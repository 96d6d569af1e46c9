// A remote shipped alone, from another origin: the prompt remote is built on its own (`npm run build -w
// remotes/prompt`), served by nginx with the remote image's config on a second origin, and a gateway whose
// /remotes.json points the prompt family there (REMOTE_PROMPT_URL) serves the shell. In Chromium the member's
// Magic Enhance page renders from that origin (its manifest read through CORS, its chunks and styles found through
// publicPath auto, the page's CSP admitting the origin), and a family whose server is down shows the tool's fallback
// while the rest of the shell keeps working.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UI_TEXTS } from '@act/contracts';
import { findFreePort } from '@act/dev-infra';
import { launchChromium, screenshot, uniqueEmail } from './support/browser';
import { signUp } from './support/fixtures';
import {
  buildRemoteAlone,
  findNginx,
  serveRemote,
  startSecondGateway,
  type RemoteOrigin,
  type SecondGateway,
} from './support/remote-origin';
import type { Browser } from 'playwright-core';

const nginx = findNginx();
// .ci/run installs nginx-light: in CI a missing nginx fails the run instead of skipping these tests.
if (!nginx && !process.env.CI)
  console.warn('remote-origin.e2e: nginx is not installed (apt-get install nginx-light); skipped');

describe.skipIf(!nginx && !process.env.CI)('a remote served from another origin', () => {
  let remote: RemoteOrigin;
  let gateway: SecondGateway;
  let browser: Browser;
  let shellOrigin: string;

  beforeAll(async () => {
    const dist = buildRemoteAlone('prompt');
    const port = await findFreePort();
    shellOrigin = `http://localhost:${port}`;
    remote = await serveRemote(nginx!, 'prompt', dist, shellOrigin);
    // Nothing listens on this one: the chat family's server is down.
    const deadPort = await findFreePort();
    gateway = await startSecondGateway(port, inject('baseUrl'), {
      REMOTE_PROMPT_URL: remote.manifestUrl,
      REMOTE_CHAT_URL: `http://127.0.0.1:${deadPort}/remotes/chat/mf-manifest.json`,
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    await remote?.stop();
  });

  it("answers the manifest with CORS for the shell's origin only, uncached, and hashed files for a year", async () => {
    const manifest = await fetch(remote.manifestUrl, { headers: { origin: shellOrigin } });
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('access-control-allow-origin')).toBe(shellOrigin);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const { metaData } = (await manifest.json()) as {
      metaData: { publicPath: string; requiredHostSdk: string; remoteEntry: { name: string } };
    };
    expect(metaData.publicPath).toBe('auto');
    expect(metaData.requiredHostSdk).toMatch(/^\^\d+\.\d+\.\d+$/);

    const stranger = await fetch(remote.manifestUrl, {
      headers: { origin: 'https://elsewhere.example.com' },
    });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();

    const entry = await fetch(new URL(metaData.remoteEntry.name, remote.manifestUrl));
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toMatch(/javascript/);
    expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${remote.origin}/remotes/prompt/static/js/missing.js`)).status).toBe(404);

    const remotes = await (await fetch(`${gateway.baseUrl}/remotes.json`)).json();
    expect(remotes).toMatchObject({ prompt: remote.manifestUrl });
  });

  it("renders the remote's tool page in the shell from the second origin", async () => {
    const context = await browser.newContext({
      baseURL: gateway.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const fromRemote: string[] = [];
    const promptFilesFromShell: string[] = [];
    const blocked: string[] = [];
    page.on('response', (response) => {
      const url = response.url();
      if (url.startsWith(`${remote.origin}/`) && response.ok()) fromRemote.push(new URL(url).pathname);
      if (url.startsWith(`${gateway.baseUrl}/remotes/prompt/`)) promptFilesFromShell.push(url);
    });
    page.on('console', (message) => {
      if (/Content Security Policy|CORS/i.test(message.text())) blocked.push(message.text());
    });

    await signUp(page, uniqueEmail('remote-origin'));
    await page.goto('/tools/magic-enhance');
    await page.getByRole('heading', { level: 1, name: 'Magic Enhance' }).waitFor();
    const prompt = page.getByLabel(UI_TEXTS.magicEnhance.inputLabel);
    await prompt.waitFor({ timeout: 20_000 });
    await prompt.fill('a lighthouse on a cliff at dusk');
    const run = page.getByRole('button', { name: UI_TEXTS.magicEnhance.enhance });
    await run.waitFor();
    expect(await run.isDisabled()).toBe(false);
    await screenshot(page, 'remote-origin-magic-enhance');

    // The manifest, the entry, the exposed module's chunks and its styles all came from the remote's origin.
    expect(fromRemote).toContain('/remotes/prompt/mf-manifest.json');
    expect(fromRemote.some((p) => /^\/remotes\/prompt\/static\/js\/.+\.js$/.test(p))).toBe(true);
    expect(fromRemote.some((p) => /^\/remotes\/prompt\/static\/css\/.+\.css$/.test(p))).toBe(true);
    expect(promptFilesFromShell).toEqual([]);
    expect(blocked).toEqual([]);
    await context.close();
  });

  it("shows the tool's fallback when its family's server is down, and the shell keeps working", async () => {
    const context = await browser.newContext({
      baseURL: gateway.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await signUp(page, uniqueEmail('remote-down'));
    await page.goto('/tools/ai-chat-playground');
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toContain('This tool could not be loaded');
    expect(await page.getByTestId('credit-balance').textContent()).toBe('50 credits');
    await page
      .getByRole('link', { name: /Back to Dashboard/ })
      .first()
      .click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
