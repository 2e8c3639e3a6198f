import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { CatalogueFacetLink } from '../../shared/api/browse-page.ts';
import { MAX_HIDDEN_TAGS } from '../../shared/schemas/hidden-tags-limit.ts';
import { callApi } from './browser-capabilities.ts';
import { refusalMessage } from './refusal-message.ts';

/** Tags offered at once: the most common that match what the member typed. */
const TAGS_OFFERED = 12;

/** A hidden tag as the section lists it: its name from the catalogue, or its slug when the catalogue lost it. */
interface Shown {
  slug: string;
  name: string;
}

/** Folded for comparing what the member types with tag names ("co op" finds "Co-op"). */
const folded = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** The most common tags matching `query` (all tags when it is empty) that are not hidden yet. */
export function tagsToOffer(tags: readonly CatalogueFacetLink[], hidden: readonly string[], query: string) {
  const wanted = folded(query);
  return tags
    .filter((tag) => !hidden.includes(tag.slug) && folded(tag.name).includes(wanted))
    .slice(0, TAGS_OFFERED);
}

/**
 * "Tags you don't want to see" on the browse page (issue 12): the member finds a tag of the catalogue by
 * typing and hides it, and sees the tags they hide, each with "Show again". Games with a hidden tag leave
 * their suggestions, the catalogue's pages and their home feed; the page's bundle is read again after each
 * change, so what it shows follows at once. Folded: it is a setting, not what the page is for.
 */
export function HiddenTagsSection({
  tags,
  hiddenTags,
}: {
  /** The catalogue's tags, most common first (the browse bundle's `catalogue.tags`). */
  tags: CatalogueFacetLink[];
  /** The slugs the member hides. */
  hiddenTags: string[];
}) {
  const nameOf = (slug: string) => tags.find((tag) => tag.slug === slug)?.name ?? slug;
  const [hidden, setHidden] = useState<Shown[]>(() =>
    hiddenTags.map((slug) => ({ slug, name: nameOf(slug) })),
  );
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const revalidator = useRevalidator();
  const searchId = useId();
  const hiddenSlugs = hidden.map((tag) => tag.slug);
  const offered = tagsToOffer(tags, hiddenSlugs, query);
  const full = hidden.length >= MAX_HIDDEN_TAGS;

  function change(tag: Shown, hide: boolean) {
    if (busy) return;
    setBusy(true);
    setStatus('');
    const param = { slug: tag.slug };
    const call = callApi((api) =>
      hide ? api['hidden-tags'][':slug'].$put({ param }) : api['hidden-tags'][':slug'].$delete({ param }),
    );
    call.then(
      () => {
        setHidden((shown) =>
          hide
            ? [tag, ...shown.filter((t) => t.slug !== tag.slug)]
            : shown.filter((t) => t.slug !== tag.slug),
        );
        setStatus(
          hide ? `Games tagged ${tag.name} are hidden from you.` : `Games tagged ${tag.name} show again.`,
        );
        setBusy(false);
        // Suggestions and the catalogue on this page follow the change.
        void revalidator.revalidate();
      },
      (error: unknown) => {
        setStatus(refusalMessage(error, `${hide ? 'hide' : 'show'} ${tag.name}`));
        setBusy(false);
      },
    );
  }

  return (
    <details className="account-settings hidden-tags-section">
      <summary>Tags you don’t want to see ({hidden.length})</summary>
      <p className="blocked-empty">
        Games with a tag you hide leave your suggestions, the catalogue and your home feed. Games you follow
        stay.
      </p>
      <h2 className="blocked-heading">Tags you hide</h2>
      {hidden.length === 0 ? (
        <p className="blocked-empty">None yet.</p>
      ) : (
        <ul className="blocked-list" aria-label="Tags you hide">
          {hidden.map((tag) => (
            <li key={tag.slug}>
              <span>{tag.name}</span>
              <button
                type="button"
                className="pill-button secondary"
                aria-label={`Show again: ${tag.name}`}
                aria-disabled={busy || undefined}
                onClick={() => {
                  change(tag, false);
                }}
              >
                Show again
              </button>
            </li>
          ))}
        </ul>
      )}
      <h2 className="blocked-heading">Hide a tag</h2>
      {full ? (
        <p className="blocked-empty">
          You hide {MAX_HIDDEN_TAGS} tags, the most there can be: show one again to hide another.
        </p>
      ) : (
        <>
          <label htmlFor={searchId}>Find a tag</label>
          <input
            id={searchId}
            type="search"
            className="hidden-tags-search"
            value={query}
            autoComplete="off"
            placeholder="Horror, Co-op…"
            onChange={(event) => {
              setQuery(event.target.value);
            }}
          />
          {offered.length === 0 ? (
            <p className="blocked-empty">No tag of the catalogue matches “{query}”.</p>
          ) : (
            <ul className="blocked-list" aria-label="Tags you can hide">
              {offered.map((tag) => (
                <li key={tag.slug}>
                  <span>
                    {tag.name} <span className="chip-count">({tag.count} games)</span>
                  </span>
                  <button
                    type="button"
                    className="pill-button secondary"
                    aria-label={`Hide ${tag.name}`}
                    aria-disabled={busy || undefined}
                    onClick={() => {
                      change({ slug: tag.slug, name: tag.name }, true);
                    }}
                  >
                    Hide
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <p role="status" className="blocked-status">
        {status}
      </p>
    </details>
  );
}
