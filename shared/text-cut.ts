// Cutting text for a short place (a notification's excerpt, a link preview's description) where a string's
// length counts UTF-16 units: slicing there can split an emoji in half (a lone surrogate draws as a
// replacement box) or strip a skin tone, a flag's second letter or a ZWJ sequence's last person.

/** Splits text into what a reader sees as one character each (grapheme clusters). Made once. */
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The longest start of `text` of at most `maxLength` UTF-16 units (what `.length` and zod's `max` count)
 * that ends after a whole character as a reader sees it; `text` itself when it fits.
 */
export function cutAtCharacter(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let end = 0;
  // The segments come one at a time: a long text is not split past the cut.
  for (const { index, segment } of GRAPHEMES.segment(text)) {
    if (index + segment.length > maxLength) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}
