import { useAbsoluteUrl } from '../site-origin.ts';

/** What a page tells search engines and link previews. */
export interface PageMetaProps {
  title: string;
  description: string;
  /** The canonical path, e.g. `/game/portal-2`. */
  path: string;
  image?: string | undefined;
  noindex?: boolean;
}

// React 19 hoists <title>, <meta> and <link> rendered anywhere into <head>, on the server and in the browser.
export function PageMeta({ title, description, path, image, noindex }: PageMetaProps) {
  const fullTitle = `${title} · Questline`;
  const url = useAbsoluteUrl(path);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content="Questline" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:url" content={url} />
      {image ? <meta property="og:image" content={image} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
    </>
  );
}
