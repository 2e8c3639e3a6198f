import type {
  GamePageData,
  HomePageData,
  NotFoundPageData,
  PageDataSource,
  PageResult,
} from '../../shared/page-data.ts';

/** Thrown for answers the page cannot use; the route's error screen shows a plain apology. */
class PageDataError extends Error {
  override readonly name = 'PageDataError';
}

async function fetchBundle(url: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, {
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (response.status !== 200 && response.status !== 404)
    throw new PageDataError(`Page data ${String(response.status)}`);
  return response.json();
}

/** Page bundles from the Worker's JSON API, for navigations after the first page. */
export const clientPageDataSource: PageDataSource = {
  async homePage() {
    return (await fetchBundle('/api/pages/home')) as HomePageData;
  },
  async gamePage(deepLink) {
    return (await fetchBundle(`/api/pages/game/${encodeURIComponent(deepLink)}`)) as PageResult<GamePageData>;
  },
  async notFoundPage() {
    return (await fetchBundle('/api/pages/not-found')) as NotFoundPageData;
  },
};
