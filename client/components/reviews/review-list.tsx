import type { FeedPost } from '../../../shared/feed/read-feed.ts';
import { FeedMore } from '../feed/feed-more.tsx';
import { useFeedViewer } from '../feed/feed-viewer.tsx';
import { hidesPost } from '../feed/member-blocks.ts';
import { PostCard } from '../feed/post-card.tsx';

/**
 * Reviews in the order given (the game's most liked first, a member's newest first): each the post as
 * feeds show it, with its badge (likes, comments, reports, deletion), "More reviews" while there is a next
 * page. What the reader blocked is left out, as in feeds.
 */
export function ReviewList({
  reviews,
  empty,
  nextCursor,
  loading,
  message,
  onMore,
  onDeleted,
}: {
  reviews: readonly FeedPost[];
  empty: string;
  nextCursor: string | null;
  loading: boolean;
  message: string;
  onMore: (cursor: string) => void;
  onDeleted: (postId: string) => void;
}) {
  const viewer = useFeedViewer();
  const shown = reviews.filter((review) => !hidesPost(viewer.blocks, review));
  return (
    <>
      {shown.length === 0 && !loading ? <p className="feed-empty">{empty}</p> : null}
      <ol className="feed-list review-list">
        {shown.map((review) => (
          <li key={review.uuid} className="review-item" data-review={review.uuid}>
            <PostCard post={review} onDeleted={onDeleted} />
          </li>
        ))}
      </ol>
      {/* No button while the first page loads: say so instead. */}
      {loading && !nextCursor ? <p className="feed-empty">Loading reviews…</p> : null}
      <FeedMore
        nextCursor={nextCursor}
        loading={loading}
        onMore={onMore}
        label="More reviews"
        message={message}
      />
    </>
  );
}
