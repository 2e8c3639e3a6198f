import { linkify } from '../../../shared/feed/linkify.ts';

/**
 * Text exactly as its author typed it: rendered as text (React escapes it, so markup shows and never
 * runs), line breaks kept by the stylesheet (white-space: pre-wrap), and http(s) addresses as links that
 * carry no ranking and no opener (user-written content: https://developers.google.com/search/docs/crawling-indexing/qualify-outbound-links).
 */
export function PostText({ text, className }: { text: string; className: string }) {
  return (
    <p className={className}>
      {linkify(text).map((segment, i) =>
        segment.kind === 'link' ? (
          <a key={i} href={segment.href} rel="nofollow ugc noopener">
            {segment.text}
          </a>
        ) : (
          segment.text
        ),
      )}
    </p>
  );
}
