// What text a member writes for others to read may hold, without zod (like ./username-rule.ts): the
// schema the Worker checks (memberTextSchema, ./member-text.ts) is built from these, and a composer in the
// browser can ask the same questions before sending, where zod is not shipped.
//
// Trimming whitespace is not enough: a post of only zero-width spaces (U+200B), word joiners (U+2060),
// byte-order marks or Hangul fillers is an empty-looking post in others' feeds, and a right-to-left
// override (U+202E) left open flips whatever the page shows after it on the same line (the author's name,
// "2 h ago"). Format characters are otherwise needed: the zero-width joiner makes emoji sequences
// (👩‍💻), the zero-width non-joiner shapes Persian and Indic words, tag characters make flags of regions.
// So they stay in the text; they only never count as something to read, and a direction change has to end
// where it starts. https://www.unicode.org/reports/tr9/ (bidi controls, paragraph separators)

/** What a member's text may not hold: control characters other than line break and tab, and lone surrogates. */
const FORBIDDEN_CONTROL = /[\p{Cc}\p{Cs}]/u;
const ALLOWED_CONTROLS = new Set(['\n', '\t']);

/**
 * What shows nothing: whitespace, format characters (Cf: zero-width, joiners, direction controls, soft
 * hyphen), the characters Unicode says to draw as nothing (Default_Ignorable_Code_Point: variation
 * selectors, Hangul fillers) and the blank braille pattern U+2800, the usual "invisible letter".
 */
const SHOWS_NOTHING = /[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** Direction controls that open a change (embeddings and overrides; isolates) and what closes each. */
const EMBEDDINGS = new Set(['\u202a', '\u202b', '\u202d', '\u202e']);
const POP_EMBEDDING = '\u202c';
const ISOLATES = new Set(['\u2066', '\u2067', '\u2068']);
const POP_ISOLATE = '\u2069';
/** A bidi paragraph ends at each of these, and with it every direction change (UAX #9, class B). */
const PARAGRAPH_ENDS = /[\n\u2028\u2029]/;

/** The same text with Windows line breaks (CR LF) as the plain line breaks a browser's text box gives. */
export function withPlainLineBreaks(text: string): string {
  return text.replaceAll('\r\n', '\n');
}

/** Whether `text` holds a control character other than a line break or a tab (or half a surrogate pair). */
export function holdsControlCharacters(text: string): boolean {
  for (const character of text) {
    if (FORBIDDEN_CONTROL.test(character) && !ALLOWED_CONTROLS.has(character)) return true;
  }
  return false;
}

/**
 * Whether a change of writing direction in `text` is left open on its line, or a close has nothing of its
 * kind to close: either could reach past the text into what a page shows after it (or close the page's own).
 * Marks (U+200E, U+200F, U+061C) change no direction after them and are always fine.
 */
export function leavesDirectionOpen(text: string): boolean {
  for (const line of text.split(PARAGRAPH_ENDS)) {
    const open: ('embedding' | 'isolate')[] = [];
    for (const character of line) {
      if (EMBEDDINGS.has(character)) open.push('embedding');
      else if (ISOLATES.has(character)) open.push('isolate');
      else if (character === POP_EMBEDDING || character === POP_ISOLATE) {
        const closes = character === POP_EMBEDDING ? 'embedding' : 'isolate';
        if (open.pop() !== closes) return true;
      }
    }
    if (open.length > 0) return true;
  }
  return false;
}

/** Whether `text` shows nothing to read once whitespace and the characters drawn as nothing are set aside. */
export function isVisiblyEmpty(text: string): boolean {
  return text.replace(SHOWS_NOTHING, '') === '';
}
