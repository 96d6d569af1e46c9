// The link check of spec §5 on the screen: the contracts' schema decides, and its text is the one shown.

/** The part of a contracts schema (YoutubeVideoUrlSchema, YoutubeThumbnailUrlSchema) the check uses. */
export interface LinkSchema {
  safeParse(
    value: string,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/** The schema's text for a link it refuses, or null when the link is accepted. */
export function linkError(schema: LinkSchema, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
