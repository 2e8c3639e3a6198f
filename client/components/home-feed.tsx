import { useEffect, useState } from 'react';
import type { ListFeedEvent } from '../../shared/schemas/list-feed-event.ts';
import type { FeedPost } from '../../shared/feed/read-feed.ts';
import { callApi } from './browser-capabilities.ts';
import { useBrowserSession } from './browser-session.ts';
import { FeedViewerProvider, useFeedViewer } from './feed/feed-viewer.tsx';
import { likeableIds, PostList } from './feed/post-list.tsx';
import { ListEventCard } from './list-event-card.tsx';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'shown'; posts: FeedPost[]; listEvents: ListFeedEvent[]; nextCursor: string | null };

/**
 * The member's home feed (GET /api/feed): posts on every game, member and event they follow and their
 * own, and the games their followed lists gained, newest first. Member data: asked for after hydration, never in the server-rendered page. "More
 * posts" appends the next page; a post already shown is never shown twice.
 */
export function HomeFeed() {
  const signedIn = useBrowserSession();
  return (
    <section className="feed-section home-feed" aria-labelledby="home-feed-heading">
      <h2 id="home-feed-heading">Your feed</h2>
      {signedIn ? (
        <FeedViewerProvider ids={[]}>
          <HomeFeedPosts />
        </FeedViewerProvider>
      ) : (
        <p className="feed-empty" role="status">
          Loading your feed…
        </p>
      )}
    </section>
  );
}

function HomeFeedPosts() {
  const viewer = useFeedViewer();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const [message, setMessage] = useState('');

  useEffect(() => {
    let current = true;
    callApi((api) => api.feed.$get({ query: {} })).then(
      (page) => {
        if (!current) return;
        setLoaded({
          state: 'shown',
          posts: page.posts,
          listEvents: page.listEvents ?? [],
          nextCursor: page.nextCursor,
        });
        viewer.learnLikes(likeableIds(page.posts));
      },
      () => {
        if (current) setLoaded({ state: 'failed' });
      },
    );
    return () => {
      current = false;
    };
    // Once, when the member is known to be signed in (learnLikes changes as likes are learnt).
  }, []);

  async function loadMore(cursor: string) {
    setLoadingMore(true);
    setMessage('');
    try {
      const page = await callApi((api) => api.feed.$get({ query: { cursor } }));
      setLoaded((shown) => {
        if (shown.state !== 'shown') return shown;
        const seen = new Set([...shown.posts, ...shown.listEvents].map((item) => item.uuid));
        return {
          state: 'shown',
          posts: [...shown.posts, ...page.posts.filter((post) => !seen.has(post.uuid))],
          listEvents: [...shown.listEvents, ...(page.listEvents ?? []).filter((e) => !seen.has(e.uuid))],
          nextCursor: page.nextCursor,
        };
      });
      viewer.learnLikes(likeableIds(page.posts));
    } catch {
      setMessage('Could not load more posts. Please try again.');
    } finally {
      setLoadingMore(false);
    }
  }

  if (loaded.state === 'loading')
    return (
      <p className="feed-empty" role="status">
        Loading your feed…
      </p>
    );
  if (loaded.state === 'failed')
    return (
      <p className="feed-message" role="alert">
        Your feed is not available just now. Please reload the page in a moment.
      </p>
    );
  const { posts, listEvents, nextCursor } = loaded;
  return (
    <>
      <PostList
        homeFeed
        posts={posts}
        others={listEvents.map((event) => ({
          uuid: event.uuid,
          timestamp: event.timestamp,
          element: <ListEventCard event={event} />,
        }))}
        empty="Posts on the games, members and events you follow show up here."
        nextCursor={nextCursor}
        loading={loadingMore}
        message={message}
        onMore={(cursor) => void loadMore(cursor)}
        onDeleted={(postId) => {
          setLoaded((shown) =>
            shown.state === 'shown'
              ? { ...shown, posts: shown.posts.filter((p) => p.uuid !== postId) }
              : shown,
          );
        }}
      />
    </>
  );
}
