import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EditorOrderedGames, moved } from './editor-ordered-games.tsx';

// The reorderable games of the editor's page: where a moved game lands, and what a keyboard or screen
// reader user is given for each row (the drag itself is tried in tests/e2e/editor.spec.ts).
describe('moving a game', () => {
  it('puts it at the new place and keeps the others in their order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moved(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('changes nothing for a place that does not exist', () => {
    expect(moved(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});

describe('EditorOrderedGames', () => {
  it('names every row’s handle and buttons by its game’s name, first cannot go up nor last down', () => {
    const html = renderToString(
      <EditorOrderedGames
        label="Favourites"
        ids={['hades', 'celeste']}
        names={{ hades: 'Hades' }}
        onChange={() => undefined}
      />,
    );
    expect(html).toContain('aria-label="Favourites"');
    expect(html).toContain('aria-label="Reorder Hades (position 1 of 2): arrow keys move it"');
    expect(html).toMatch(/aria-label="Move Hades up" disabled=""/);
    // A game whose name is not known yet goes by its id.
    expect(html).toMatch(/aria-label="Move celeste down" disabled=""/);
    expect(html).not.toMatch(/aria-label="Move Hades down" disabled/);
    expect(html).toContain('role="status" aria-live="polite"');
  });
});
