import type { FeedPost } from '../../../shared/feed/read-feed.ts';
import { BlockNotice } from './block-notice.tsx';
import { useFeedViewer } from './feed-viewer.tsx';
import { hidesFromHomeFeed, hidesPost } from './member-blocks.ts';
import { PostCard } from './post-card.tsx';

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
}) {
  const viewer = useFeedViewer();
  const shown = posts.filter((post) =>
    homeFeed ? !hidesFromHomeFeed(viewer.blocks, post, viewer.uid) : !hidesPost(viewer.blocks, post),
  );
  return (
    <>
      <BlockNotice />
      {shown.length === 0 ? <p className="feed-empty">{empty}</p> : null}
      <ol className="feed-list">
        {shown.map((post) => (
          <li key={post.uuid} data-post={post.uuid}>
            <PostCard post={post} onDeleted={onDeleted} />
          </li>
        ))}
      </ol>
      {nextCursor ? (
        <button
          type="button"
          className="feed-more"
          aria-disabled={loading || undefined}
          onClick={() => {
            if (!loading) onMore(nextCursor);
          }}
        >
          {loading ? 'Loading…' : 'More posts'}
        </button>
      ) : null}
      {message ? (
        <p className="feed-message" role="alert">
          {message}
        </p>
      ) : null}
    </>
  );
}
