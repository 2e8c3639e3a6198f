import { Link } from 'react-router';
import type { NotFoundPageData } from '../../shared/page-data.ts';
import { GameGrid } from './game-card.tsx';
import { PageMeta } from './page-meta.tsx';

/** The not-found screen: what happened, a way home, and top games to go on with. */
export function NotFoundView({ data, path }: { data: NotFoundPageData; path: string }) {
  return (
    <>
      <PageMeta
        title="Page not found"
        description="That page does not exist on Questline."
        path={path}
        noindex
      />
      <section className="not-found">
        <p className="eyebrow">404</p>
        <h1>We couldn’t find that page</h1>
        <p>
          The game, event, player or list may have moved or never existed.{' '}
          <Link to="/">Back to discovering</Link>, or try one of these.
        </p>
      </section>
      <GameGrid id="top-games" title="Top games" games={data.topGames} />
    </>
  );
}
