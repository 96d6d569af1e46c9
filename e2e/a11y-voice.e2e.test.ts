// The accessibility sweep (docs/architecture.md#accessibility-sweep) of the four voice tools, each in its empty, busy,
// error and result state: axe at 1366 px and 390 px, a screenshot at both, no sideways scrolling at 320 px. The test
// system has no ElevenLabs key: Text to Speech and the Voice Isolator run on the local engines; Sound Effects and
// Speech to Speech need the provider, so their screens are shown as with a key (the status says available) and their
// result is the stream the service sends, carrying a clip the local engine really made.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { UI_TEXTS, type AudioClip, type VoiceStatusReply, type VoiceToolId } from '@act/contracts';
import {
  anyBusy,
  signUpWithPlentyOfCredits,
  Sweep,
  SWEEP_TIMEOUT_MS,
  sweepTool,
  type ToolDriver,
} from './support/a11y-sweep';
import { uniqueEmail } from './support/browser';
import { useBrowser } from './support/fixtures';
import { noisyToneWav } from './support/audio';

const V = UI_TEXTS.voiceIsolator;

const WAV = noisyToneWav(1.5, 0.1);

async function uploadWav(page: Page): Promise<void> {
  await page
    .getByLabel(V.uploadTitle, { exact: true })
    .setInputFiles({ name: 'voice.wav', mimeType: 'audio/wav', buffer: WAV });
  await page.getByText('voice.wav').waitFor();
}

/** The player of a clip named like `<prefix>-<timestamp>.mp3` in the result card. */
function resultPlayer(title: string, prefix: string) {
  return async (page: Page) => {
    await page
      .getByRole('region', { name: title, exact: true })
      .getByRole('region', { name: new RegExp(`^${prefix}-\\d+\\.mp3$`) })
      .waitFor({ timeout: 90_000 });
  };
}

/** The status as with a provider key: every voice tool available through ElevenLabs. */
async function statusWithKey(page: Page): Promise<void> {
  await page.route('**/api/voice/status', async (route) => {
    const reply = (await (await route.fetch()).json()) as VoiceStatusReply;
    const accepted = reply.tools['voice-isolator'].acceptedAudio;
    for (const tool of Object.keys(reply.tools) as VoiceToolId[])
      reply.tools[tool] = {
        available: true,
        engine: 'elevenlabs',
        acceptedAudio: tool.includes('speech-to') ? accepted : reply.tools[tool].acceptedAudio,
        note: null,
      };
    await route.fulfill({ json: reply });
  });
}

/** The service's event stream of a finished run of `tool`, carrying `clip` as that tool's result. */
function streamedResult(
  tool: VoiceToolId,
  clip: () => AudioClip,
  extra: (spoken: AudioClip) => Partial<AudioClip>,
) {
  return async (route: Route) => {
    const jobId = randomUUID();
    const spoken = clip();
    const result: AudioClip = { ...spoken, id: randomUUID(), tool, ...extra(spoken) };
    const events = [
      { type: 'start', jobId, tool },
      { type: 'progress', progress: 50 },
      { type: 'done', jobId, audioUrl: result.audioUrl, clip: result, remainingCredits: null },
    ];
    await route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''),
    });
  };
}

function voiceTools(spoken: () => AudioClip): ToolDriver[] {
  const S = UI_TEXTS.textToSpeech;
  const E = UI_TEXTS.soundEffects;
  const C = UI_TEXTS.speechToSpeech;
  return [
    {
      id: 'text-to-speech',
      async ready(page) {
        await page.getByLabel(S.textLabel).waitFor({ timeout: 15_000 });
        await page.getByRole('radio').first().waitFor({ timeout: 15_000 });
      },
      async start(page) {
        await page.getByLabel(S.textLabel).fill('Welcome to the creative toolbox.');
        await page.getByRole('button', { name: S.generate }).click();
      },
      call: '**/api/voice/text-to-speech',
      busy: anyBusy,
      result: resultPlayer(S.resultTitle, 'speech'),
    },
    {
      id: 'voice-isolator',
      ready: (page) => page.getByText(V.uploadHint).waitFor({ timeout: 15_000 }),
      async start(page) {
        await uploadWav(page);
        await page.getByRole('button', { name: V.isolate }).click();
      },
      call: '**/api/voice/voice-isolator',
      busy: anyBusy,
      result: resultPlayer(V.resultTitle, 'isolated-audio'),
    },
    {
      id: 'sound-effects',
      before: statusWithKey,
      ready: (page) => page.getByLabel(E.descriptionLabel).waitFor({ timeout: 15_000 }),
      async start(page) {
        await page.getByLabel(E.descriptionLabel).fill('waves on a pebble beach');
        await page.getByRole('button', { name: E.generate }).click();
      },
      call: '**/api/voice/sound-effects',
      busy: anyBusy,
      fakeResult: streamedResult('sound-effects', spoken, () => ({
        fileName: `sound-effect-${Date.now()}.mp3`,
        text: 'waves on a pebble beach',
        voiceId: null,
        voiceName: null,
        engine: 'elevenlabs',
      })),
      result: resultPlayer(E.resultTitle, 'sound-effect'),
    },
    {
      id: 'speech-to-speech',
      before: statusWithKey,
      async ready(page) {
        // The drop zone's visible title (the file input it opens is hidden).
        await page.getByText(V.uploadTitle, { exact: true }).waitFor({ timeout: 15_000 });
        await page.getByRole('radio').first().waitFor({ timeout: 15_000 });
      },
      async start(page) {
        await uploadWav(page);
        await page.getByRole('button', { name: C.generate }).click();
      },
      call: '**/api/voice/speech-to-speech',
      busy: anyBusy,
      fakeResult: streamedResult('speech-to-speech', spoken, (source) => ({
        fileName: `speech-${Date.now()}.mp3`,
        text: null,
        engine: 'elevenlabs',
        sourceUrl: source.audioUrl,
      })),
      result: resultPlayer(C.resultTitle, 'speech'),
    },
  ];
}

describe('accessibility sweep: voice tools', () => {
  const browser = useBrowser();

  it(
    'finds no axe violation and no sideways scrolling in any state of any voice tool',
    async () => {
      const sweep = new Sweep();
      const page = await browser.newPage({ width: 1366, height: 900 });
      const token = await signUpWithPlentyOfCredits(page, uniqueEmail('a11y-voice'));
      // The clip Text to Speech makes (its first tool) is the one the provider-only tools show as their result.
      let clip: AudioClip | undefined;
      const spoken = () => {
        if (!clip) throw new Error('no spoken clip yet');
        return clip;
      };
      const tools = voiceTools(spoken);
      for (const tool of tools) {
        if (tool.fakeResult && !clip) {
          const reply = await page.request.get('/api/voice/history?tool=text-to-speech', {
            headers: { authorization: `Bearer ${token}` },
          });
          clip = ((await reply.json()) as { items: AudioClip[] }).items[0];
        }
        await sweepTool(page, sweep, tool);
      }
      console.log(sweep.report());
      expect(sweep.findings, sweep.report()).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );
});
