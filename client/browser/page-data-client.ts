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

async function fetchBundle<T>(url: string, signal?: AbortSignal): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (response.status !== 200 && response.status !== 404)
    throw new PageDataError(`Page data ${String(response.status)}`);
  return { status: response.status, body: (await response.json()) as T };
}

/** Page bundles from the Worker's JSON API, for navigations after the first page. */
export const clientPageDataSource: PageDataSource = {
  async homePage() {
    return (await fetchBundle<HomePageData>('/api/pages/home')).body;
  },
  async gamePage(deepLink) {
    return (await fetchBundle<PageResult<GamePageData>>(`/api/pages/game/${encodeURIComponent(deepLink)}`))
      .body;
  },
  async notFoundPage() {
    return (await fetchBundle<NotFoundPageData>('/api/pages/not-found')).body;
  },
};
