import { cutAtCharacter } from '../../shared/text-cut.ts';
import { useAbsoluteUrl } from '../site-origin.ts';

/** What a page tells search engines and link previews. */
export interface PageMetaProps {
  title: string;
  description: string;
  /** The canonical path, e.g. `/game/portal-2`. */
  path: string;
  /** The picture of a link preview: the page's own (a game's art, a member's header), absolute or a path. */
  image?: string | undefined;
  /** What the page is about, as Open Graph types it (a member's page is a `profile`). */
  type?: 'website' | 'profile';
  noindex?: boolean;
}

/** Link previews hold this many characters of description; longer ones are cut at a word, with an ellipsis. */
const PREVIEW_DESCRIPTION = 200;

/** The description cut to what previews show, so that a long game description does not fill every tag. */
export function previewDescription(description: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  if (text.length <= PREVIEW_DESCRIPTION) return text;
  const cut = cutAtCharacter(text, PREVIEW_DESCRIPTION - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > PREVIEW_DESCRIPTION / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/**
 * The page's title, description, canonical URL, Open Graph (https://ogp.me) and Twitter card
 * (https://developer.x.com/en/docs/x-for-websites/cards/overview/markup) tags. A page without an image of
 * its own is previewed with the site's icon on a small card.
 */
// React 19 hoists <title>, <meta> and <link> rendered anywhere into <head>, on the server and in the browser.
export function PageMeta({ title, description, path, image, type = 'website', noindex }: PageMetaProps) {
  const fullTitle = `${title} · Questline`;
  const url = useAbsoluteUrl(path);
  const siteIcon = useAbsoluteUrl('/icons/icon-512.png');
  const origin = useAbsoluteUrl('');
  const preview = image ? (/^https?:\/\//.test(image) ? image : `${origin}${image}`) : siteIcon;
  const text = previewDescription(description);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content="Questline" />
      <meta property="og:locale" content="en_US" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={text} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={preview} />
      <meta property="og:image:alt" content={image ? title : 'Questline'} />
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={text} />
      <meta name="twitter:image" content={preview} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
    </>
  );
}
