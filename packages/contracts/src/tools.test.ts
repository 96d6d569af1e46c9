import { describe, expect, it } from 'vitest';
import {
  getTool,
  isToolId,
  PHOTO_EFFECT_TOOL_IDS,
  TOOL_CATEGORIES,
  TOOL_IDS,
  toolCost,
  TOOLS,
} from './tools';

describe('tool catalogue', () => {
  it('charges exactly the credits of the price table', () => {
    const costs = Object.fromEntries(TOOLS.map((t) => [t.id, t.cost]));
    expect(costs).toEqual({
      'image-to-prompt': 2,
      'magic-enhance': 1,
      'ai-describe-image': 2,
      'image-to-video-prompt': 2,
      'ai-chat-playground': 5,
      'chat-agent': 2,
      'chat-reasoning': 6,
      'deep-search': 4,
      'ai-web-chat': 6,
      'youtube-summarizer': 4,
      'youtube-thumbnail-downloader': 0,
      'text-to-image': 20,
      'text-to-speech': 30,
      'speech-to-speech': 5,
      'sound-effects': 10,
      'voice-isolator': 20,
      transcribe: 1,
      'age-progression': 20,
      'baby-version': 20,
      'background-change': 20,
      cartoonify: 20,
      'broccoli-haircut': 20,
      'color-correction': 20,
      'expression-change': 20,
      upscale: 5,
      'edit-image': 20,
      'image-to-image': 0,
    });
  });

  it('adds 5 credits to the chat agent with web search and nothing elsewhere', () => {
    expect(toolCost('chat-agent')).toBe(2);
    expect(toolCost('chat-agent', { webSearch: false })).toBe(2);
    expect(toolCost('chat-agent', { webSearch: true })).toBe(7);
    expect(toolCost('chat-reasoning', { webSearch: true })).toBe(6);
    expect(toolCost('text-to-image')).toBe(20);
  });

  it('charges dictation 1 credit per started minute, at least one', () => {
    expect(toolCost('transcribe')).toBe(1);
    expect(toolCost('transcribe', { minutes: 1 })).toBe(1);
    expect(toolCost('transcribe', { minutes: 3 })).toBe(3);
    expect(toolCost('chat-agent', { minutes: 3 })).toBe(2);
  });

  it('charges a web chat 6 to start and 2 per follow-up, and a follow-up of other tools their usual cost', () => {
    expect(toolCost('ai-web-chat')).toBe(6);
    expect(toolCost('ai-web-chat', { followUp: true })).toBe(2);
    expect(toolCost('chat-agent', { followUp: true })).toBe(2);
  });

  it('lists every id once, in TOOL_IDS order', () => {
    expect(TOOLS.map((t) => t.id)).toEqual([...TOOL_IDS]);
    expect(new Set(TOOL_IDS).size).toBe(27);
  });

  it('hides four photo effects from the dashboard and shows the hub', () => {
    const hidden = TOOLS.filter((t) => !t.dashboardVisible).map((t) => t.id);
    // Dictation is the microphone of the chat message boxes, not a tool card.
    expect(hidden.sort()).toEqual([
      'age-progression',
      'baby-version',
      'background-change',
      'cartoonify',
      'transcribe',
    ]);
    expect(getTool('image-to-image').dashboardVisible).toBe(true);
  });

  it('has a page for every tool: speech-to-speech (issue 14) and deep-search (issue 24) included', () => {
    // Dictation lives in the chat message boxes (docs/product-rules.md#dictation).
    const withoutPage = TOOLS.filter((t) => !t.hasPage).map((t) => t.id);
    expect(withoutPage).toEqual(['transcribe']);
  });

  it('lists the seven photo effects, Upscale and Edit a region on the hub', () => {
    const hub = TOOLS.filter((t) => t.hubListed).map((t) => t.id);
    expect(hub.sort()).toEqual([...PHOTO_EFFECT_TOOL_IDS, 'upscale', 'edit-image'].sort());
    expect(hub).toHaveLength(9);
  });

  it('puts every tool in one of the five categories and gives it real copy', () => {
    expect(TOOL_CATEGORIES).toEqual(['AI Prompt', 'Ask AI', 'Create with AI', 'AI Voice', 'Other Tools']);
    for (const tool of TOOLS) {
      expect(TOOL_CATEGORIES).toContain(tool.category);
      expect(tool.description.length).toBeGreaterThan(30);
      expect(tool.seoTitle).toContain(tool.name.split(' ')[0]);
      expect(tool.seoDescription.length).toBeGreaterThan(60);
    }
    expect(getTool('chat-agent').family).toBe('chat');
    expect(getTool('youtube-thumbnail-downloader').category).toBe('Other Tools');
    expect(getTool('sound-effects').name).toBe('Sound Effects Generator');
  });

  it('recognises ids', () => {
    expect(isToolId('magic-enhance')).toBe(true);
    expect(isToolId('magic')).toBe(false);
    expect(isToolId(42)).toBe(false);
    expect(getTool('nope')).toBeUndefined();
  });
});
