import type { CSSProperties } from 'react';
import type { SearchResult } from '../../shared/schemas/search.ts';

// One search result as the header's suggestions and the results page show it: a picture of fixed size
// (the game's or member's icon over a coloured placeholder with initials, which is what shows when there
// is no icon or it cannot load), the name, and whether it is a game or a member.

/** What a result is, in words. */
export const RESULT_KIND_LABEL: Record<SearchResult['_type'], string> = { game: 'Game', user: 'Member' };

/** Hue from the name, so a result's placeholder keeps its colour from one search to the next. */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/** Up to two initials: of the first two words of a game, the first letter of a member. */
function initialsOf(result: SearchResult): string {
  const words = result.name
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ');
  const count = result._type === 'game' ? 2 : 1;
  return words
    .slice(0, count)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** The result's picture at 48×48 (members' round), its placeholder underneath. */
export function SearchResultArt({ result }: { result: SearchResult }) {
  return (
    <span
      className={`search-result-art search-result-art-${result._type}`}
      style={{ '--hue': hueOf(result.name) } as CSSProperties}
      aria-hidden="true"
    >
      {initialsOf(result)}
      {result.image ? (
        <img src={result.image} alt="" width={48} height={48} loading="lazy" data-fallback="" />
      ) : null}
    </span>
  );
}

/** The result's name and kind. */
export function SearchResultText({ result }: { result: SearchResult }) {
  return (
    <span className="search-result-text">
      <span className="search-result-name">{result.name}</span>
      <span className="search-result-kind">{RESULT_KIND_LABEL[result._type]}</span>
    </span>
  );
}
