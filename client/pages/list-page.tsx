import { Link, useLoaderData } from 'react-router';
import { CURATED_LISTS_ATTRIBUTION, LIST_PAGE_SIZE } from '../../shared/constants.ts';
import { FollowButton } from '../components/follow-button.tsx';
import { GameGrid } from '../components/game-card.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { useAbsoluteUrl } from '../site-origin.ts';
import type { ListCollection, loader } from './list-page.loader.ts';

/**
 * This page's games of the list once each, in order, as a schema.org ItemList: positions count across
 * pages, and the number of items is the whole list's (https://schema.org/numberOfItems).
 */
function useItemList(
  name: string,
  description: string,
  url: string,
  collections: ListCollection[],
  firstPosition: number,
  listSize: number,
) {
  const origin = useAbsoluteUrl('');
  const byId = new Map(
    collections.flatMap((collection) => collection.games).map((game) => [game.uuid, game]),
  );
  const games = [...byId.values()];
  return {
    '@type': 'ItemList',
    name,
    description,
    url,
    numberOfItems: listSize,
    itemListOrder: 'https://schema.org/ItemListOrderAscending',
    itemListElement: games.map((game, index) => ({
      '@type': 'ListItem',
      position: firstPosition + index,
      name: game.name,
      url: `${origin}/game/${game.deeplink_url_code}`,
    })),
  };
}

export function Component() {
  const { list, collections, page, followers } = useLoaderData<typeof loader>();
  const count = page.games;
  const description =
    list.description ??
    `${list.name}: a curated list of ${String(count)} game${count === 1 ? '' : 's'} on Questline.`;
  const base = `/lists/games/${list.code}`;
  const pageHref = (n: number) => (n === 1 ? base : `${base}?page=${String(n)}`);
  const path = pageHref(page.number);
  const url = useAbsoluteUrl(path);
  const itemList = useItemList(
    list.name,
    description,
    url,
    collections,
    (page.number - 1) * LIST_PAGE_SIZE + 1,
    count,
  );
  const image = collections.flatMap((collection) => collection.games).find((game) => game.icon)?.icon;
  return (
    <article className="list-page">
      <PageMeta title={list.name} description={description} path={path} image={image} />
      <JsonLd data={itemList} />
      <header className="page-intro">
        <p className="eyebrow">Games list</p>
        <h1>{list.name}</h1>
        {list.description ? <p>{list.description}</p> : null}
        <p className="page-intro-count">
          {count} game{count === 1 ? '' : 's'}
        </p>
        {/* Keyed by list: its follow state must not carry over to the next list page. */}
        <FollowButton key={list.code} type="list" targetId={list.code} followers={followers} />
      </header>
      {collections.map((collection, index) => (
        <GameGrid
          key={collection.name}
          id={`collection-${String(index + 1)}`}
          title={collection.name}
          games={collection.games}
          start={collection.start}
          ordered
        />
      ))}
      {page.count > 1 ? (
        <nav className="list-pages" aria-label="Pages of this list">
          {page.number > 1 ? <Link to={pageHref(page.number - 1)}>Previous</Link> : null}
          <span>
            Page {page.number} of {page.count}
          </span>
          {page.number < page.count ? <Link to={pageHref(page.number + 1)}>Next</Link> : null}
        </nav>
      ) : null}
      {list.source ? <p className="attribution page-attribution">{CURATED_LISTS_ATTRIBUTION}</p> : null}
    </article>
  );
}
