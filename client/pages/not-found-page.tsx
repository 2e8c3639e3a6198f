import { useLoaderData } from 'react-router';
import type { NotFoundPageData } from '../../shared/page-data.ts';
import { NotFoundView } from '../components/not-found-view.tsx';

export function Component() {
  const data = useLoaderData<NotFoundPageData>();
  return <NotFoundView data={data} path="/404" />;
}
