import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HiddenTagsSection, tagsToOffer } from './hidden-tags-section.tsx';

// The browse control for tags a member never wants to see: which tags it offers as the member types, and
// what it shows before anything is typed.
const TAGS = [
  { slug: 'co-op', name: 'Co-op', count: 15 },
  { slug: 'horror', name: 'Horror', count: 2 },
  { slug: 'survival-horror', name: 'Survival Horror', count: 1 },
  { slug: 'pokemon', name: 'Pokémon', count: 1 },
  ...Array.from({ length: 20 }, (_, n) => ({ slug: `tag-${String(n)}`, name: `Tag ${String(n)}`, count: 1 })),
];
const names = (tags: { name: string }[]) => tags.map((tag) => tag.name);

describe('tags offered to hide', () => {
  it('finds tags whatever the spacing, hyphens, case or accents typed', () => {
    expect(names(tagsToOffer(TAGS, [], 'co op'))).toEqual(['Co-op']);
    expect(names(tagsToOffer(TAGS, [], 'HORR'))).toEqual(['Horror', 'Survival Horror']);
    expect(names(tagsToOffer(TAGS, [], 'pokemon'))).toEqual(['Pokémon']);
    expect(tagsToOffer(TAGS, [], 'nothing like it')).toEqual([]);
  });

  it('never offers a tag already hidden, and at most 12, most common first', () => {
    expect(names(tagsToOffer(TAGS, ['horror'], 'horror'))).toEqual(['Survival Horror']);
    const offered = tagsToOffer(TAGS, [], '');
    expect(offered).toHaveLength(12);
    expect(offered[0]?.name).toBe('Co-op');
  });
});

describe('HiddenTagsSection', () => {
  it('lists the hidden tags by name, each with Show again, and offers the others', () => {
    const router = createMemoryRouter(
      [{ path: '/', element: <HiddenTagsSection tags={TAGS} hiddenTags={['horror', 'gone-tag']} /> }],
      { initialEntries: ['/'] },
    );
    const html = renderToString(<RouterProvider router={router} />).replaceAll('<!-- -->', '');
    expect(html).toContain('Tags you don’t want to see (2)');
    expect(html).toContain('aria-label="Show again: Horror"');
    // A tag the catalogue no longer has keeps its key as its name.
    expect(html).toContain('aria-label="Show again: gone-tag"');
    expect(html).toContain('aria-label="Hide Co-op"');
    expect(html).not.toContain('aria-label="Hide Horror"');
  });
});
