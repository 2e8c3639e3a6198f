import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { ShownFeed } from '../../../shared/feed/live-merge.ts';
import type { FeedPage, FeedPost } from '../../../shared/feed/read-feed.ts';
import { MAX_POST_LENGTH } from '../../../shared/schemas/text-limits.ts';
import type { POST_TARGET_TYPES } from '../../../shared/schemas/post.ts';
import { callApi } from '../browser-capabilities.ts';
import { FeedViewerProvider, useFeedViewer } from './feed-viewer.tsx';
import { likeableIds, PostList } from './post-list.tsx';
import { TextComposer } from './text-composer.tsx';
import { useLiveFeed } from './use-live-feed.ts';

type FeedTargetType = (typeof POST_TARGET_TYPES)[number];

/** Where a member writes a post; for visitors, a link to sign in that comes back here. */
function FeedComposer({
  targetType,
  targetId,
  onPosted,
}: {
  targetType: FeedTargetType;
  targetId: string;
  onPosted: (post: FeedPost) => void;
}) {
  const viewer = useFeedViewer();
  const { pathname } = useLocation();
  if (!viewer.signedIn)
    return (
      <p className="feed-sign-in">
        <Link to={`/login?next=${encodeURIComponent(pathname)}`}>Sign in to post</Link>
      </p>
    );
  if (viewer.uid === null) return null;
  return (
    <TextComposer
      label="Write a post"
      placeholder="Write a post…"
      submitLabel="Post"
      maxLength={MAX_POST_LENGTH}
      what="post"
      send={async (content) => {
        const answer = await callApi((api) =>
          api.posts.$post({ json: { targetType, targetId, content, type: 'text' } }),
        );
        if (answer.post) onPosted(answer.post);
      }}
    />
  );
}

function FeedPosts({
  targetType,
  targetId,
  initial,
  children,
}: {
  targetType: FeedTargetType;
  targetId: string;
  initial: FeedPage;
  children: (add: (post: FeedPost) => void) => React.ReactNode;
}) {
  const viewer = useFeedViewer();
  const [feed, setFeed] = useState<ShownFeed>(initial);
  const { posts, nextCursor } = feed;
  const [loading, setLoading] = useState(false);
  const [message, setMessage] = useState('');
  const setPosts = (change: (shown: FeedPost[]) => FeedPost[]) => {
    setFeed((shown) => ({ ...shown, posts: change(shown.posts) }));
  };

  // What others post, comment and like shows as it happens: each re-read first page is merged in.
  useLiveFeed(targetType, targetId, initial.activityAt, ({ page, merge }) => {
    setFeed(merge);
    viewer.learnLikes(likeableIds(page.posts));
  });

  async function loadMore(cursor: string) {
    setLoading(true);
    setMessage('');
    try {
      const page = await callApi((api) => api.posts.$get({ query: { targetType, targetId, cursor } }));
      setFeed((shown) => {
        const seen = new Set(shown.posts.map((post) => post.uuid));
        return {
          posts: [...shown.posts, ...page.posts.filter((post) => !seen.has(post.uuid))],
          nextCursor: page.nextCursor,
        };
      });
      viewer.learnLikes(likeableIds(page.posts));
    } catch {
      setMessage('Could not load more posts. Please try again.');
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      {children((post) => {
        setPosts((shown) => [post, ...shown.filter((p) => p.uuid !== post.uuid)]);
        viewer.learnLikes([post.uuid]);
      })}
      <PostList
        posts={posts}
        empty="No posts yet."
        nextCursor={nextCursor}
        loading={loading}
        message={message}
        onMore={(cursor) => void loadMore(cursor)}
        onDeleted={(postId) => {
          setPosts((shown) => shown.filter((p) => p.uuid !== postId));
        }}
      />
    </>
  );
}

/**
 * The feed of a user's, game's or event's page: its posts newest first as the page was rendered (the
 * same for every visitor), "More posts" appending the next page below, and after hydration what the
 * reader may do (write, like, comment, delete) and what others do, live. Key it by target so that a new
 * page starts afresh.
 */
export function FeedSection({
  targetType,
  targetId,
  feed,
  title = 'Posts',
}: {
  targetType: FeedTargetType;
  targetId: string;
  feed: FeedPage;
  title?: string;
}) {
  const headingId = `feed-heading-${targetId}`;
  return (
    <section className="feed-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <FeedViewerProvider ids={likeableIds(feed.posts)}>
        <FeedPosts targetType={targetType} targetId={targetId} initial={feed}>
          {(add) => <FeedComposer targetType={targetType} targetId={targetId} onPosted={add} />}
        </FeedPosts>
      </FeedViewerProvider>
    </section>
  );
}
