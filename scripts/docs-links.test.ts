// The repository explains itself: code comments cite docs/<file>.md#<anchor>, and those anchors must exist (a renamed
// heading breaks every comment that cites it); nothing cites a document that is not in the repository; the links
// between the docs and from the README resolve, and every file in docs/ is in its index.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = path.join(repoRoot, 'docs');

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slugOf(m[1]!)));
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && fs.existsSync(path.join(repoRoot, file)));
}

const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs|css|sql|ya?ml|sh|conf|template|html)$|(^|\/)(Dockerfile|\.ci\/run)$/;
const sources = trackedFiles().filter(
  (file) => SOURCE.test(file) || (file.endsWith('.md') && !file.startsWith('docs/')),
);

/** The docs files and the index's list of the files it names (some may come from branches not merged yet). */
const docsFiles = fs.readdirSync(DOCS).filter((name) => name.endsWith('.md'));
const indexed = new Set(
  [...fs.readFileSync(path.join(DOCS, 'README.md'), 'utf8').matchAll(/\]\(([\w-]+\.md)\)/g)].map(
    (m) => m[1]!,
  ),
);

describe('docs links', () => {
  it('every docs/<file>.md#<anchor> a source file cites exists', () => {
    const broken: string[] = [];
    let cited = 0;
    for (const file of sources) {
      const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
      // `docs/<file>.md#a, #b and #c`: the later anchors are in the same file (a comment may wrap between them).
      for (const m of text.matchAll(
        /\bdocs\/([\w-]+\.md)((?:#[\w-]+)?(?:(?:,|\s+and|\s+or)\s+(?:\/\/\s*|\*\s*)?#[\w-]+)*)/g,
      )) {
        cited++;
        const target = path.join(DOCS, m[1]!);
        if (!fs.existsSync(target)) {
          if (!indexed.has(m[1]!)) broken.push(`${file}: ${m[0]} (no such file)`);
          continue;
        }
        const anchors = anchorsOf(target);
        for (const [, anchor] of m[2]!.matchAll(/#([\w-]+)/g))
          if (!anchors.has(anchor!)) broken.push(`${file}: ${m[0]} (no heading #${anchor})`);
      }
    }
    expect(broken).toEqual([]);
    expect(cited).toBeGreaterThan(100);
  });

  it('nothing cites a document outside the repository', () => {
    // Written in pieces so this file does not cite them itself.
    const outside = new RegExp(
      [
        '\\b[Ss]pec §\\d',
        '\\bARCHITECTURE(\\.md)? §',
        '\\b' + 'PROVIDER' + '-FACTS\\b',
        '\\.\\./' + 'shared/',
        '\\bproduct' + '-spec\\.md\\b',
      ].join('|'),
    );
    const citing = sources.flatMap((file) =>
      fs
        .readFileSync(path.join(repoRoot, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (outside.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(citing).toEqual([]);
  });

  it('links in the docs and the README resolve, and the index lists every docs file', () => {
    const broken: string[] = [];
    for (const file of [...docsFiles.map((name) => path.join('docs', name)), 'README.md']) {
      const text = fs.readFileSync(path.join(repoRoot, file), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(link!)) continue;
        const [target = '', anchor] = link!.split('#');
        const resolved = target ? path.join(path.dirname(file), target) : file;
        if (!fs.existsSync(path.join(repoRoot, resolved))) {
          // A docs file another branch adds is named by the index before it lands.
          const pending = path.dirname(resolved) === 'docs' && indexed.has(path.basename(resolved));
          if (!pending) broken.push(`${file}: ${link} (no such file)`);
          continue;
        }
        if (anchor && !anchorsOf(path.join(repoRoot, resolved)).has(anchor))
          broken.push(`${file}: ${link} (no heading #${anchor})`);
      }
    }
    expect(broken).toEqual([]);
    expect(docsFiles.filter((name) => name !== 'README.md' && !indexed.has(name))).toEqual([]);
  });
});
