// Renders the light Markdown the description model writes (paragraphs, '- ' bullet lists, **bold**) as React elements,
// never as HTML, so provider output cannot inject markup.
import type { ReactNode } from 'react';

const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;

type Block = { kind: 'list'; lines: string[] } | { kind: 'paragraph'; lines: string[] };

function inline(text: string, keyPrefix: string): ReactNode[] {
  return text
    .split(/(\*\*[^*]+\*\*)/g)
    .map((part, i) =>
      part.startsWith('**') && part.endsWith('**') && part.length > 4 ? (
        <strong key={`${keyPrefix}-${i}`}>{part.slice(2, -2)}</strong>
      ) : (
        part
      ),
    );
}

/** Consecutive bullet lines form a list; other consecutive lines a paragraph; blank lines end both. */
function toBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const line of text.trim().split('\n')) {
    if (line.trim() === '') {
      blocks.push({ kind: 'paragraph', lines: [] });
      continue;
    }
    const kind = BULLET.test(line) ? 'list' : 'paragraph';
    const last = blocks.at(-1);
    if (last && last.kind === kind && (kind === 'list' || last.lines.length > 0)) last.lines.push(line);
    else blocks.push({ kind, lines: [line] });
  }
  return blocks.filter((block) => block.lines.length > 0);
}

export function FormattedText({ text }: { text: string }) {
  return (
    <>
      {toBlocks(text).map((block, b) =>
        block.kind === 'list' ? (
          <ul key={b} className="pr-formatted__list">
            {block.lines.map((line, i) => (
              <li key={i}>{inline(line.replace(BULLET, ''), `${b}-${i}`)}</li>
            ))}
          </ul>
        ) : (
          <p key={b} className="pr-formatted__paragraph">
            {block.lines.map((line, i) => (
              <span key={i}>
                {i > 0 && <br />}
                {inline(line, `${b}-${i}`)}
              </span>
            ))}
          </p>
        ),
      )}
    </>
  );
}
