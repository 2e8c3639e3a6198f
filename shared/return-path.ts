/** The longest return path kept; anything longer is not a link this site makes. */
const MAX_RETURN_PATH_LENGTH = 2048;

/**
 * Control characters (C0, DEL, C1) and backslashes: browsers strip or reinterpret them in URLs.
 * https://url.spec.whatwg.org/#concept-basic-url-parser (tab and newline removed, `\` read as `/`)
 */
function hasUnsafeCharacter(path: string): boolean {
  for (const character of path) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || character === '\\') return true;
  }
  return false;
}
/** Whitespace is never written raw in a link this site makes (it is percent-encoded). */
const WHITESPACE = /[\s\u00a0\ufeff]/;

/** Whether one reading of the path stays on this site: one leading slash, nothing a browser rewrites. */
function staysOnSite(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !hasUnsafeCharacter(path);
}

/**
 * The `next` destination after signing in if it is a path of this site, else `fallback`. It must start
 * with one `/` and hold no control character, whitespace or backslash; percent-decoded, it must still
 * hold no control character or backslash and not start with `//` (`/%5Cevil.example` and
 * `/%09/evil.example` are refused: a later decode or a lenient parser would turn them into another host;
 * an encoded space in a query is fine). Absolute URLs and `javascript:` never start with `/`, so they are refused too.
 */
export function safeReturnPath(next: string | null | undefined, fallback = '/browse'): string {
  if (!next || next.length > MAX_RETURN_PATH_LENGTH || WHITESPACE.test(next) || !staysOnSite(next))
    return fallback;
  let decoded = next;
  // Each round peels one layer of percent-encoding; three covers any double- or triple-encoded trick.
  for (let round = 0; round < 3; round += 1) {
    let once: string;
    try {
      once = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (!staysOnSite(once)) return fallback;
    if (once === decoded) break;
    decoded = once;
  }
  // The final word is the URL parser's: resolved against a stand-in origin, the path must stay there.
  const base = 'https://questline.invalid';
  const resolved = new URL(next, base);
  return resolved.origin === base ? next : fallback;
}
