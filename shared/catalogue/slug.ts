/**
 * The deep link the Steam catalogue gives a game name: compatibility-decomposed (so `™` becomes `tm`),
 * accents, apostrophes, backticks and any other non-ASCII character dropped, lower-cased, every other
 * run of non-alphanumerics turned into one hyphen. Demo games use it too, so that a later import of the real catalogue merges with them
 * instead of duplicating them. (The catalogue appends `-<appid>` when two names clash and
 * uses `app-<appid>` when nothing is left; this does neither.)
 */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['`\u2019]|\P{ASCII}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
