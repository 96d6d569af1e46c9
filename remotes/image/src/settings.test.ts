import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@act/contracts';
import { stepZoom } from './components/image-preview';
import { checkSettings, DEFAULT_SETTINGS } from './settings';

describe('text-to-image settings', () => {
  it('accepts seeds 0 to 4294967295 and refuses others in the contracts words', () => {
    const seeded = (seed: string) => checkSettings({ ...DEFAULT_SETTINGS, prompt: 'fox', seed });
    expect(seeded('0')).toMatchObject({ ok: true, request: { seed: 0 } });
    expect(seeded('4294967295')).toMatchObject({ ok: true, request: { seed: 4294967295 } });
    expect(seeded('')).toMatchObject({ ok: true, request: { prompt: 'fox' } });
    expect((seeded('') as { request: object }).request).not.toHaveProperty('seed');
    for (const bad of ['4294967296', '-1', '1e3', 'abc']) {
      expect(seeded(bad)).toEqual({ ok: false, errors: { seed: ERROR_TEXTS.validation.seedInvalid } });
    }
  });

  it('zoom steps by 0.25 between 0.25 and 3', () => {
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(3, 1)).toBe(3);
    expect(stepZoom(0.25, -1)).toBe(0.25);
    expect(stepZoom(0.5, -1)).toBe(0.25);
  });
});
