import type { CSSProperties } from 'react';

/** Hue from the name, so each game's placeholder keeps its own colour from page to page. */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/**
 * A game's header art. Catalogue images live on Steam's servers and may not load (offline, blocked):
 * the coloured placeholder with the game's initials sits underneath, and a failed image is hidden
 * (by the document's error listener before hydration, see worker/render/document.tsx).
 */
export function GameArt({
  name,
  icon,
  size = 'card',
}: {
  name: string;
  icon?: string | undefined;
  size?: 'card' | 'hero';
}) {
  return (
    <div className={`game-art game-art-${size}`} style={{ '--hue': hueOf(name) } as CSSProperties}>
      <span className="game-art-initials" aria-hidden="true">
        {initialsOf(name)}
      </span>
      {icon ? (
        // Keyed by its address: a page showing another game gets a new image, not one still hidden by an
        // earlier failure. Width and height give the box its ratio before the image arrives.
        <img
          key={icon}
          src={icon}
          alt=""
          width={460}
          height={215}
          loading={size === 'hero' ? 'eager' : 'lazy'}
          decoding="async"
          data-fallback=""
        />
      ) : null}
    </div>
  );
}
