// What the member sees of an entry (docs/product-rules.md#library): its card (a signed thumbnail for files, the
// item's own route for text results) and its detail (the whole text, or a signed URL of the file). Files stay in
// their owning service: the library signs `/api/<service>/files/<owner>/<name>` with the FILE_URL_SECRET that
// service verifies with, so a card's URL is the same the tool's own gallery would hand out.
import { CREATION_SERVICES } from '@act/contracts/server';
import type { CreationKind, LibraryItem, LibraryItemDetail } from '@act/contracts';
import { createUrlSigner, type UrlSigner } from '@act/service-kit';
import type { LibraryRow } from '../db/library-store';

/** The kinds whose result is text: their preview is the item's route (its excerpt and text). */
const TEXT_KINDS: ReadonlySet<CreationKind> = new Set(['chat', 'report', 'summary', 'prompt']);

export interface ItemViews {
  card(row: LibraryRow): LibraryItem;
  detail(row: LibraryRow): LibraryItemDetail;
}

export function createItemViews(secret: string, ttlSeconds: number): ItemViews {
  const signer: UrlSigner = createUrlSigner(secret, ttlSeconds);

  /** The owning service's signed URL of `key`, or undefined for a key that is not that service's file. */
  const signedUrl = (service: string, key: string | null): string | undefined => {
    if (!key) return undefined;
    const [head, owner, name, ...rest] = key.split('/');
    const owned = head === service && (CREATION_SERVICES as readonly string[]).includes(head);
    if (!owned || !owner || !name || rest.length > 0) return undefined;
    return `/api/${head}/files/${owner}/${name}?${signer.sign(key)}`;
  };

  const card = (row: LibraryRow): LibraryItem => {
    const previewUrl = TEXT_KINDS.has(row.kind)
      ? `/api/library/items/${row.id}`
      : (signedUrl(row.service, row.thumbnail_key) ??
        (row.kind === 'image' ? signedUrl(row.service, row.file_key) : undefined));
    return {
      id: row.id,
      kind: row.kind,
      tool: row.tool,
      title: row.title,
      createdAt: row.created_at.toISOString(),
      ...(previewUrl ? { previewUrl } : {}),
      ...(row.excerpt ? { excerpt: row.excerpt } : {}),
      openUrl: row.open_url,
    };
  };

  return {
    card,
    detail(row) {
      const fileUrl = signedUrl(row.service, row.file_key);
      return {
        ...card(row),
        ...(row.text !== null ? { text: row.text } : {}),
        ...(fileUrl ? { fileUrl, contentType: row.file_type ?? undefined } : {}),
      };
    },
  };
}
