// The seven photo-effect pages: one EffectScreen each, configured by the effect's entry in EFFECT_CONFIGS.
import type { ComponentType } from 'react';
import { PHOTO_EFFECT_TOOL_IDS, type PhotoEffectToolId } from '@act/contracts';
import type { ToolPageProps } from '@act/host-sdk';
import { EFFECT_CONFIGS } from '../effects/effect-configs';
import { EffectScreen } from '../effects/effect-screen';

function effectPage(id: PhotoEffectToolId): ComponentType<ToolPageProps> {
  const effect = EFFECT_CONFIGS[id];
  const Page = ({ host }: ToolPageProps) => <EffectScreen host={host} effect={effect} />;
  Page.displayName = `EffectPage(${id})`;
  return Page;
}

/** The page of each photo effect, keyed by tool id. */
export const EFFECT_PAGES = Object.fromEntries(
  PHOTO_EFFECT_TOOL_IDS.map((id) => [id, effectPage(id)]),
) as Record<PhotoEffectToolId, ComponentType<ToolPageProps>>;
