// Export my data (issue 42 part 5) in Chromium against the running system: a member asks for their export on the
// account page, sees it being prepared, then ready, and downloads the zip from the link; the zip holds their account
// (their e-mail), their credits ledger (the sign-up grant) and the README, and every service's part. The section is
// checked by axe (WCAG 2.2 AA) in both themes at each sweep width, and must not scroll sideways.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { DATA_EXPORT_TEXTS } from '@act/contracts';
import { Sweep } from './support/a11y-sweep';
import { uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';

const T = DATA_EXPORT_TEXTS;

describe('Export my data', () => {
  const browser = useBrowser();

  it('prepares the export, then downloads a zip of the member’s data', async () => {
    const sweep = new Sweep();
    const page = await browser.newPage({ width: 1366, height: 900 });
    const email = uniqueEmail('data-export');
    await signUp(page, email);
    await goto(page, '/dashboard?view=account');
    const section = page.getByRole('region', { name: T.title });
    await section.getByRole('button', { name: T.button }).click();

    const link = section.getByRole('link', { name: T.download });
    await link.waitFor({ timeout: 60_000 });
    await section.getByText(T.status.ready).waitFor();
    await sweep.check(page, 'account-data-export', 'ready');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^act-data-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'account.json',
        'credits/ledger.json',
        'prompts/results.json',
        'images.json',
        'audio.json',
        'summaries.json',
      ]),
    );
    expect(JSON.parse(strFromU8(zip['account.json']!))).toMatchObject({ email });
    const ledger = JSON.parse(strFromU8(zip['credits/ledger.json']!)) as Array<{ reason: string }>;
    expect(ledger.map((entry) => entry.reason)).toContain('grant');

    // A reload finds the same export again, still offered for download.
    await page.reload({ waitUntil: 'networkidle' });
    await link.waitFor();

    console.log(sweep.report());
    expect(sweep.findings, sweep.report()).toEqual([]);
  }, 300_000);
});
