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
const FORBIDDEN_CONTROL = /[^\P{Cc}\n\t]|\p{Cs}/u;

/**
 * What shows nothing: whitespace, format characters (Cf: zero-width, joiners, direction controls, soft
 * hyphen), the characters Unicode says to draw as nothing (Default_Ignorable_Code_Point: variation
 * selectors, Hangul fillers) and the blank braille pattern U+2800, the usual "invisible letter".
 */
const SHOWS_SOMETHING = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Direction controls that open a change (isolates; embeddings and overrides) and what closes each. */
const ISOLATES = new Set(['\u2066', '\u2067', '\u2068']);
const POP_ISOLATE = '\u2069';
const POP_EMBEDDING = '\u202c';
/** A bidi paragraph ends at each of these, and with it every direction change (UAX #9, class B). */
const PARAGRAPH_ENDS = new Set(['\n', '\u2028', '\u2029']);
const DIRECTION_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** What a direction check steps through: the direction controls and the ends of paragraphs. */
const DIRECTION_STEPS = /[\u202a-\u202e\u2066-\u2069\n\u2028\u2029]/g;

/** The same text with Windows line breaks (CR LF) as the plain line breaks a browser's text box gives. */
export function withPlainLineBreaks(text: string): string {
  return text.replaceAll('\r\n', '\n');
}

/** Whether `text` holds a control character other than a line break or a tab (or half a surrogate pair). */
export function holdsControlCharacters(text: string): boolean {
  return FORBIDDEN_CONTROL.test(text);
}

/**
 * Whether a change of writing direction in `text` is left open on its line, or a close has nothing of its
 * kind to close: either could reach past the text into what a page shows after it (or close the page's own).
 * Marks (U+200E, U+200F, U+061C) change no direction after them and are always fine.
 */
export function leavesDirectionOpen(text: string): boolean {
  if (!DIRECTION_CONTROL.test(text)) return false;
  /** The close each change still open waits for, the latest last. */
  const awaited: string[] = [];
  for (const [step] of text.matchAll(DIRECTION_STEPS)) {
    if (step === POP_EMBEDDING || step === POP_ISOLATE) {
      if (awaited.pop() !== step) return true;
    } else if (PARAGRAPH_ENDS.has(step)) {
      if (awaited.length > 0) return true;
    } else awaited.push(ISOLATES.has(step) ? POP_ISOLATE : POP_EMBEDDING);
  }
  return awaited.length > 0;
}

/**
 * `text` with every direction change left open on its line, and every close of nothing, taken out: what a
 * cut of valid text (an excerpt) or text kept from before this rule shows without reaching past itself.
 * Never longer than `text`.
 */
export function withoutOpenDirection(text: string): string {
  if (!DIRECTION_CONTROL.test(text)) return text;
  const dropped = new Set<number>();
  /** Where each change still open starts, and the close it waits for, the latest last. */
  const awaited: { at: number; close: string }[] = [];
  for (const { 0: step, index: at } of text.matchAll(DIRECTION_STEPS)) {
    if (step === POP_EMBEDDING || step === POP_ISOLATE) {
      if (awaited.at(-1)?.close === step) awaited.pop();
      else dropped.add(at);
    } else if (PARAGRAPH_ENDS.has(step)) {
      for (const open of awaited.splice(0)) dropped.add(open.at);
    } else awaited.push({ at, close: ISOLATES.has(step) ? POP_ISOLATE : POP_EMBEDDING });
  }
  for (const open of awaited) dropped.add(open.at);
  if (dropped.size === 0) return text;
  let kept = '';
  for (let at = 0; at < text.length; at++) if (!dropped.has(at)) kept += text.charAt(at);
  return kept;
}

/** Whether `text` shows nothing to read once whitespace and the characters drawn as nothing are set aside. */
export function isVisiblyEmpty(text: string): boolean {
  return !SHOWS_SOMETHING.test(text);
}
