import { describe, expect, it } from 'vitest';
import { classifySubject, enhancePromptByRules } from './magic-enhance-rules';

describe('enhancePromptByRules', () => {
  it('keeps the idea and adds subject detail, style, lighting, mood, composition and quality', () => {
    const out = enhancePromptByRules('a cat sitting on a windowsill.');
    expect(out.startsWith('A cat sitting on a windowsill, ')).toBe(true);
    expect(out).toContain('fur');
    expect(out).toContain('wildlife photography');
    expect(out).toMatch(/light/);
    expect(out).toMatch(/close-up/);
    expect(out).toContain('highly detailed, sharp focus');
  });

  it('does not override aspects the user already chose', () => {
    const out = enhancePromptByRules('anime portrait of a girl, neon lighting, close-up, 8k');
    expect(out).not.toContain('photorealistic');
    expect(out).not.toContain('Rembrandt');
    expect(out).not.toContain('85mm');
    expect(out).not.toContain('high resolution');
    expect(out).toContain('expressive eyes');
  });

  it('lets the time of day pick the lighting and mood', () => {
    const out = enhancePromptByRules('a quiet harbour town at night');
    expect(out).toContain('moonlight');
    expect(out).toContain('nocturnal');
  });

  it('classifies subjects by whole words', () => {
    expect(classifySubject('a dragon circling a city')).toBe('fantasy');
    expect(classifySubject('mountains at dawn')).toBe('landscape');
    expect(classifySubject('a category of things')).toBe('general');
    expect(classifySubject('two dogs playing')).toBe('animal');
  });
});
