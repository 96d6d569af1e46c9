// Per-route document metadata (docs/product-rules.md#screens: title, description, social-card tags and canonical
// link), rendered with React 19's built-in hoisting of <title>, <meta> and <link> into <head>.
import { PUBLIC_DATA } from '../app/public-data';

export interface PageMetaProps {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/tools/magic-enhance'. */
  path: string;
  /** Keep search engines away from member-only pages. */
  noIndex?: boolean;
}

function siteOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

export function PageMeta({ title, description, path, noIndex }: PageMetaProps) {
  const url = `${siteOrigin()}${path}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {noIndex && <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={PUBLIC_DATA.productName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
    </>
  );
}
