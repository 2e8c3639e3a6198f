import { useLoaderData } from 'react-router';
import { CURATED_LISTS_ATTRIBUTION } from '../../shared/constants.ts';
import { GameGrid } from '../components/game-card.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { useAbsoluteUrl } from '../site-origin.ts';
import type { ListCollection, loader } from './list-page.loader.ts';

/** The games of the list once each, in the order the page shows them, as a schema.org ItemList. */
function useItemList(name: string, description: string, url: string, collections: ListCollection[]) {
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
    numberOfItems: games.length,
    itemListElement: games.map((game, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: game.name,
      url: `${origin}/game/${game.deeplink_url_code}`,
    })),
  };
}

export function Component() {
  const { list, listGames, collections } = useLoaderData<typeof loader>();
  const count = Object.keys(listGames).length;
  const description =
    list.description ??
    `${list.name}: a curated list of ${String(count)} game${count === 1 ? '' : 's'} on Questline.`;
  const path = `/lists/games/${list.code}`;
  const url = useAbsoluteUrl(path);
  const itemList = useItemList(list.name, description, url, collections);
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
      </header>
      {collections.map((collection, index) => (
        <GameGrid
          key={collection.name}
          id={`collection-${String(index + 1)}`}
          title={collection.name}
          games={collection.games}
          ordered
        />
      ))}
      {list.source ? <p className="attribution page-attribution">{CURATED_LISTS_ATTRIBUTION}</p> : null}
    </article>
  );
}
