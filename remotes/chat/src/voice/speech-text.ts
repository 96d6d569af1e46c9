// What Read aloud says of an answer: its words without Markdown marks, code blocks left out (read as code, they are
// noise), cut to the Text to Speech tool's 2,000 characters at a word.
import { LIMITS } from '@act/contracts';

export function speechTextOf(markdown: string): string {
  const plain = markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[\d+\]/g, '')
    .replace(/[`*_#>~|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= LIMITS.ttsText) return plain;
  const cut = plain.slice(0, LIMITS.ttsText);
  const lastSpace = cut.lastIndexOf(' ');
  return lastSpace > LIMITS.ttsText / 2 ? cut.slice(0, lastSpace) : cut;
}
