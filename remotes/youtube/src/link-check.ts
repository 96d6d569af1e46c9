// The link check of docs/product-rules.md#validation on the screen: the contracts' schema decides, and its text is
// the one shown.
import { useState } from 'react';

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

export interface LinkField {
  url: string;
  /** The schema's text for the last link submitted, cleared as soon as the link is edited. */
  error: string | null;
  change(value: string): void;
  /** Checks a submitted link: true when the schema accepts it, else shows its text. */
  accept(value: string): boolean;
  clear(): void;
}

/** The link box of both YouTube screens, checked by the given contracts schema on submit. */
export function useLinkField(schema: LinkSchema): LinkField {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    url,
    error,
    change(value) {
      setUrl(value);
      setError(null);
    },
    accept(value) {
      const refused = linkError(schema, value);
      setError(refused);
      return refused === null;
    },
    clear() {
      setUrl('');
      setError(null);
    },
  };
}
