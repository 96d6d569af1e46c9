// shell/public/boot.css paints the page before the app's stylesheets arrive (docs/architecture.md#themes): its light
// and dark backgrounds must be the tokens' own, or the page would change colour when the app's styles land.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** Every value of `--act-color-bg` in tokens.css, in order: the light theme's, then the dark theme's. */
function tokenBackgrounds(): string[] {
  return [...read('packages/host-sdk/src/tokens.css').matchAll(/--act-color-bg:\s*(#[0-9a-f]{6});/gi)].map(
    ([, colour]) => colour!.toLowerCase(),
  );
}

describe('boot.css', () => {
  it("paints the light and dark themes' backgrounds, the tokens' own, before the app's styles load", () => {
    const backgrounds = [...read('shell/public/boot.css').matchAll(/background:\s*(#[0-9a-f]{6});/gi)].map(
      ([, colour]) => colour!.toLowerCase(),
    );
    expect(backgrounds).toEqual(tokenBackgrounds());
    expect(backgrounds).toHaveLength(2);
  });

  it('is linked, render-blocking, right after theme-boot.js in the page', () => {
    const html = read('shell/src/index.html');
    expect(html).toMatch(
      /<script src="\/theme-boot\.js"><\/script>\s*<link rel="stylesheet" href="\/boot\.css" \/>/,
    );
  });
});
