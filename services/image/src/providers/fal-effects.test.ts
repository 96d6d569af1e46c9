// The effect → fal endpoint table as configured: overrides by env, the operator's local effects, and the photo fal
// receives (upright, within FAL_INPUT_EDGE, JPEG).
import { describe, expect, it } from 'vitest';
import { PHOTO_EFFECT_TOOL_IDS } from '@act/contracts';
import { ConfigError } from '@act/service-kit';
import { openImage } from '@act/service-kit/media';
import { falEffectsOf, loadImageConfig } from '../config';
import { FAL_EFFECTS, FAL_INPUT_EDGE, falEffectEnvName, falImageDataUri } from './fal-effects';

const base = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/image',
  NATS_URL: 'nats://127.0.0.1:4222',
  JWKS_URL: 'http://127.0.0.1:8101/jwks.json',
  S3_BUCKET: 'act-local',
  FILE_URL_SECRET: 'x'.repeat(32),
};

describe('fal effects table', () => {
  it('has an endpoint and an instruction for every effect, the member’s text written into the three that take one', () => {
    for (const tool of PHOTO_EFFECT_TOOL_IDS) {
      expect(FAL_EFFECTS[tool].endpoint).toBe(`fal-ai/image-editing/${tool}`);
      expect(FAL_EFFECTS[tool].instruction('').length).toBeGreaterThan(60);
    }
    expect(FAL_EFFECTS['age-progression'].instruction('30 years younger')).toContain('30 years younger');
    expect(FAL_EFFECTS['background-change'].instruction('a snowy forest')).toContain('a snowy forest');
    expect(FAL_EFFECTS['expression-change'].instruction('laughing')).toContain('laughing');
  });

  it('takes FAL_EFFECT_<ID> overrides and IMAGE_LOCAL_EFFECTS from the environment', () => {
    expect(falEffectEnvName('broccoli-haircut')).toBe('FAL_EFFECT_BROCCOLI_HAIRCUT');
    const config = loadImageConfig({
      ...base,
      FAL_EFFECT_EXPRESSION_CHANGE: 'fal-ai/flux-pro/kontext',
      IMAGE_LOCAL_EFFECTS: 'color-correction, cartoonify',
    });
    expect(falEffectsOf(config)['expression-change'].endpoint).toBe('fal-ai/flux-pro/kontext');
    expect(falEffectsOf(config)['baby-version'].endpoint).toBe('fal-ai/image-editing/baby-version');
    expect(config.IMAGE_LOCAL_EFFECTS).toEqual(['color-correction', 'cartoonify']);
    expect(loadImageConfig(base).IMAGE_LOCAL_EFFECTS).toEqual([]);
    // Only the effects done here can be local.
    expect(() => loadImageConfig({ ...base, IMAGE_LOCAL_EFFECTS: 'baby-version' })).toThrow(ConfigError);
  });

  it('sends fal an upright JPEG no larger than FAL_INPUT_EDGE', async () => {
    const big = await openImage(Buffer.alloc(4000 * 1000 * 3, 0x66), {
      raw: { width: 4000, height: 1000, channels: 3 },
    })
      .png()
      .toBuffer();
    const uri = await falImageDataUri(big);
    expect(uri).toMatch(/^data:image\/jpeg;base64,/);
    const meta = await openImage(Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', FAL_INPUT_EDGE, 512]);
  });
});
