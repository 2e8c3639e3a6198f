// How names and queries are turned into words before they are matched: the same folding on both sides,
// so "Pokémon", "POKEMON" and "pokemon" are one word, "DARK SOULS™ III" is "dark souls iii" and
// "Tom Clancy's" is "tom clancys".

/** Trademark signs, dropped before Unicode folding (NFKD would turn ™ into the letters "TM"). */
const TRADEMARK_SIGNS = /[\u2122\u00ae\u00a9\u2120]/g;
/** Apostrophes join their word ("Assassin's" is one word, "assassins"). */
const APOSTROPHES = /['\u2018\u2019\u02bc`\u00b4]/g;
/**
 * Accents left apart by NFKD: the combining diacritical marks of "é", "ñ", "ü". Only these: the voicing
 * marks of Japanese kana are part of the letter, and NFC puts them back.
 */
const ACCENTS = /[\u0300-\u036f]/g;
/** Letters NFKD does not split into a base letter and a mark. */
const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};
const UNDECOMPOSED = new RegExp(`[${Object.keys(LETTERS_WITHOUT_DECOMPOSITION).join('')}]`, 'g');
/** Anything that is not a letter or a digit separates words. */
const SEPARATORS = /[^\p{L}\p{N}]+/u;
/** Words joined by a hyphen, underscore or dot: "Counter-Strike", "ana_roguelites", "S.T.A.L.K.E.R.". */
const JOINED_WORDS = /[\p{L}\p{N}]+(?:[-_.][\p{L}\p{N}]+)+/gu;

/** Text in the form every comparison uses: lower case, no accents, no trademark signs, no apostrophes. */
export function foldText(text: string): string {
  return text
    .replace(TRADEMARK_SIGNS, ' ')
    .normalize('NFKD')
    .replace(ACCENTS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(UNDECOMPOSED, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter] ?? letter)
    .replace(APOSTROPHES, '');
}

/** The words of a query, folded: what each name is matched against. */
export function queryWords(text: string): string[] {
  return foldText(text)
    .split(SEPARATORS)
    .filter((word) => word !== '');
}

/**
 * The words a name is found by: its folded words, and for words joined by a hyphen, underscore or dot
 * also the whole written together, so "counterstrike", "halflife" and "stalker" find their games and
 * "anaroguelites" finds ana_roguelites.
 */
export function nameWords(name: string): string[] {
  const folded = foldText(name);
  const words = folded.split(SEPARATORS).filter((word) => word !== '');
  for (const joined of folded.match(JOINED_WORDS) ?? []) words.push(joined.replace(/[-_.]/g, ''));
  return words;
}

/** The whole text as one comparable key: its words separated by single spaces. */
export function phraseKey(text: string): string {
  return queryWords(text).join(' ');
}
