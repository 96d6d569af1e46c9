// Makes the web app manifest's PNG icons (shell/public/icons/) from the favicon, once: run it again only when
// shell/public/favicon.svg changes, and commit the PNGs (`node shell/scripts/make-icons.mjs`). The "any" icons are
// the favicon as it is (rounded corners); the maskable ones fill the square with the brand gradient and keep the
// spark inside the middle 80 %, the safe zone a launcher's mask never cuts (docs/architecture.md#service-worker).
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The input is the repo's own favicon, not a member's upload: the upload pixel limit openImage adds is not for it,
// and this plain script cannot load service-kit's TypeScript.
// eslint-disable-next-line no-restricted-imports
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

/** The favicon with square corners and its drawing scaled to 80 % about the centre. */
function maskable(svg) {
  const background = /<rect [^>]*\/>/.exec(svg)?.[0];
  if (!background) throw new Error('favicon.svg has no background <rect>: update make-icons.mjs');
  const drawing = svg.slice(svg.indexOf(background) + background.length, svg.lastIndexOf('</svg>'));
  const square = background.replace(/\s*rx="[^"]*"/, '');
  return svg.replace(
    background + drawing,
    `${square}<g transform="translate(6.4 6.4) scale(0.8)">${drawing}</g>`,
  );
}

const sources = { icon: favicon, maskable: maskable(favicon) };
for (const [name, svg] of Object.entries(sources)) {
  for (const size of [192, 512]) {
    const file = path.join(publicDir, 'icons', `${name}-${size}.png`);
    await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(file);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}
