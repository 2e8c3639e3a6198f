// A bench-only Worker entry (never deployed; scripts/bench/in-memory-pages.ts bundles it): the same app,
// route table and render code as worker/index.ts, except that each page loader runs once per address and
// its answer is kept in memory: every later request for that page renders from the kept page data, with no
// database read. `npm run bench` times it against the normal Worker rendering the same page fresh, in the
// same run, so the ratio says what a page's reads add to its render.
import type { RouteObject } from 'react-router';
import { routes } from '../../../client/routes.tsx';
import { createApp } from '../../../worker/app.ts';
import { refusalForConfiguration } from '../../../worker/configuration.ts';

type Loader = Extract<NonNullable<RouteObject['loader']>, (...args: never[]) => unknown>;
type Kept = { value: unknown; thrown: boolean };

/** A loader answering from memory after its first run for an address (a thrown answer is thrown again). */
function keptOnce(routeId: string, loader: Loader): Loader {
  const kept = new Map<string, Promise<Kept>>();
  return (args, handlerContext) => {
    const key = `${routeId} ${args.request.url}`;
    let answer = kept.get(key);
    if (answer === undefined) {
      answer = Promise.resolve()
        .then(() => loader(args, handlerContext))
        .then(
          (value): Kept => ({ value, thrown: false }),
          (error: unknown): Kept => ({ value: error, thrown: true }),
        );
      kept.set(key, answer);
    }
    return answer.then(({ value, thrown }) => {
      // A Response (a redirect) is read once by whoever gets it: each request gets its own copy.
      const copy = value instanceof Response ? value.clone() : value;
      if (thrown) throw copy;
      return copy;
    });
  };
}

function withKeptLoaders(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const loader =
      typeof route.loader === 'function' ? keptOnce(route.id ?? '?', route.loader) : route.loader;
    return {
      ...route,
      ...(loader === undefined ? {} : { loader }),
      ...(route.children ? { children: withKeptLoaders(route.children) } : {}),
    } as RouteObject;
  });
}

const app = createApp({ routes: withKeptLoaders(routes) });

// The same entry as worker/index.ts's fetch (its settings check included), so the pair differs only in
// the loaders.
export default {
  fetch(request, env, ctx) {
    return refusalForConfiguration(env) ?? app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
