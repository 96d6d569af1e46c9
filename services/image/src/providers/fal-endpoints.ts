// The fal endpoint tables (text-to-image models, photo effects) read their replacements from env the same way: one
// variable an entry, the table's prefix and the entry's id in capitals (FAL_MODEL_FLUX_PRO, FAL_EFFECT_CARTOONIFY).
import { z } from '@act/service-kit';

/** The env variable that replaces one entry's endpoint: `prefix` + the id in capitals, any other character as `_`. */
export function falEndpointEnvName(prefix: string, id: string): string {
  return `${prefix}${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** The config fields of a table's replacements: each an optional endpoint id. */
export function falEndpointFields(
  prefix: string,
  ids: readonly string[],
): Record<string, z.ZodOptional<z.ZodString>> {
  return Object.fromEntries(
    ids.map((id) => [falEndpointEnvName(prefix, id), z.string().min(3).max(200).optional()]),
  );
}

/** The table with the endpoints named in env applied. */
export function falEndpointsFromEnv<Id extends string, Entry extends { endpoint: string }>(
  prefix: string,
  table: Readonly<Record<Id, Entry>>,
  ids: readonly Id[],
  env: Record<string, string | undefined>,
): Readonly<Record<Id, Entry>> {
  return Object.fromEntries(
    ids.map((id) => {
      const override = env[falEndpointEnvName(prefix, id)]?.trim();
      return [id, override ? { ...table[id], endpoint: override } : table[id]];
    }),
  ) as Record<Id, Entry>;
}
