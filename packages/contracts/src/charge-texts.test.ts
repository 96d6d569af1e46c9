// Each tool's insufficient-credits text names the price of the use it refuses (the catalogue's, options included).
import { describe, expect, it } from 'vitest';
import { insufficientCreditsText } from './charge-texts';
import { toolCost, type ToolCostOptions, type ToolId } from './tools';

describe('insufficientCreditsText', () => {
  const worded: Array<[ToolId, ToolCostOptions]> = [
    ['ai-chat-playground', {}],
    ['chat-reasoning', {}],
    ['chat-agent', {}],
    ['chat-agent', { webSearch: true }],
    ['deep-search', {}],
    ['ai-web-chat', {}],
    ['ai-web-chat', { followUp: true }],
    ['youtube-summarizer', {}],
    ['youtube-summarizer', { followUp: true }],
    ['transcribe', { minutes: 3 }],
  ];

  it.each(worded)('words the price of %s %o', (tool, options) => {
    expect(insufficientCreditsText(tool, options)).toContain(`${toolCost(tool, options)} credits`);
  });

  it("leaves credits' generic text to the tools the spec words no other way", () => {
    expect(insufficientCreditsText('magic-enhance')).toBeUndefined();
    expect(insufficientCreditsText('text-to-image')).toBeUndefined();
  });
});
