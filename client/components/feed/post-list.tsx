import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { FeedPost } from '../../../shared/feed/read-feed.ts';
import { BlockNotice } from './block-notice.tsx';
import { FeedMore } from './feed-more.tsx';
import { useFeedViewer } from './feed-viewer.tsx';
import { hidesFromHomeFeed, hidesPost } from './member-blocks.ts';
import { PostCard } from './post-card.tsx';

/** A post's anchor on its feed's page: what a notification links to (`#post-{id}`). */
export const postAnchor = (postId: string): string => `post-${postId}`;

/**
 * Brings the post the address names (`#post-{id}`, from a notification) into view once it is shown. The
 * browser does so itself for a page loaded whole, but not after a client navigation, nor when the post is
 * only rendered after hydration (the home feed). A post past the feed's first page is not there: the reader
 * stays at the top of the page, and "More posts" leads to it.
 */
function useScrollToNamedPost(shownIds: readonly string[]) {
  const { hash } = useLocation();
  const named = hash.startsWith('#post-') ? hash.slice('#post-'.length) : null;
  const isShown = named !== null && shownIds.includes(named);
  useEffect(() => {
    if (named === null || !isShown) return;
    document.getElementById(postAnchor(named))?.scrollIntoView({ block: 'start' });
  }, [named, isShown]);
}

/** The ids of posts and comments whose like state the member's view needs. */
export function likeableIds(posts: readonly FeedPost[]): string[] {
  return posts.flatMap((post) => [post.uuid, ...post.previewComments.map((comment) => comment.uuid)]);
}

/**
 * Posts newest first, as a page's feed and the home feed show them: each a PostCard, "More posts" while
 * there is a next page (inert while it loads), and the message of a page that failed to load. What the
 * member blocked is left out at once (in the home feed, also posts on games they are not interested in).
 */
export function PostList({
  posts,
  empty,
  nextCursor,
  loading,
  message,
  onMore,
  onDeleted,
  homeFeed = false,
  others = [],
}: {
  posts: readonly FeedPost[];
  /** What an empty feed says. */
  empty: string;
  nextCursor: string | null;
  loading: boolean;
  /** Empty when there is none. */
  message: string;
  onMore: (cursor: string) => void;
  onDeleted: (postId: string) => void;
  /** The member's home feed rather than a page's. */
  homeFeed?: boolean;
  /** Items of other kinds (the home feed's list events), placed among the posts by (timestamp, uuid). */
  others?: readonly { uuid: string; timestamp: number; element: ReactNode }[];
}) {
  const viewer = useFeedViewer();
  const shown = posts.filter((post) =>
    homeFeed ? !hidesFromHomeFeed(viewer.blocks, post, viewer.uid) : !hidesPost(viewer.blocks, post),
  );
  useScrollToNamedPost(shown.map((post) => post.uuid));
  return (
    <>
      <BlockNotice />
      {shown.length === 0 && others.length === 0 ? <p className="feed-empty">{empty}</p> : null}
      <ol className="feed-list">
        {[
          ...shown.map((post) => ({ id: post.uuid, timestamp: post.timestamp, post })),
          ...others.map((other) => ({ id: other.uuid, timestamp: other.timestamp, other })),
        ]
          // Newest first by (timestamp, id), the feeds' own order (shared/feed/feed-cursor.ts).
          .sort((a, b) => b.timestamp - a.timestamp || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
          .map((item) =>
            'post' in item ? (
              <li key={item.id} id={postAnchor(item.id)} data-post={item.id}>
                <PostCard post={item.post} onDeleted={onDeleted} />
              </li>
            ) : (
              <li key={item.id}>{item.other.element}</li>
            ),
          )}
      </ol>
      <FeedMore
        nextCursor={nextCursor}
        loading={loading}
        onMore={onMore}
        label="More posts"
        message={message}
      />
    </>
  );
}
