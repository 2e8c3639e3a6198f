/** A piece of a post's text: plain text, or a web address to show as a link. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Only what starts with http:// or https:// is a link: a javascript:, data: or other scheme never is.
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than the address ("see https://x.org/a.").
const TRAILING_PUNCTUATION = /[.,;:!?'")\]}]+$/;

/** The address as a link target, or null when it is not a well-formed http(s) URL. */
function webHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits text as typed into plain pieces and http(s) links, so that a page can render every piece as
 * text (never as markup) and only web addresses as links. Joining the pieces' texts gives the text back.
 */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let plainStart = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    let address = match[0];
    // Keep a closing bracket that belongs to the address ("https://en.wikipedia.org/wiki/Doom_(1993)").
    const trailing = TRAILING_PUNCTUATION.exec(address)?.[0] ?? '';
    if (trailing) {
      let kept = address.slice(0, -trailing.length);
      for (const char of trailing) {
        const opened = (kept.match(/\(/g) ?? []).length > (kept.match(/\)/g) ?? []).length;
        if (char === ')' && opened) kept += char;
        else break;
      }
      address = kept;
    }
    const href = webHref(address);
    if (!href || address.length <= 'https://'.length - 1) continue;
    const start = match.index;
    if (start > plainStart) segments.push({ kind: 'text', text: text.slice(plainStart, start) });
    segments.push({ kind: 'link', text: address, href });
    plainStart = start + address.length;
  }
  if (plainStart < text.length) segments.push({ kind: 'text', text: text.slice(plainStart) });
  return segments;
}
