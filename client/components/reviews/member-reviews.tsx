import type { FeedPost } from '../../../shared/feed/read-feed.ts';
import { callApi } from '../browser-capabilities.ts';
import { FeedViewerProvider } from '../feed/feed-viewer.tsx';
import { ReviewList } from './review-list.tsx';
import { useReviewPages } from './use-review-pages.ts';

// A member's reviews on their profile (loaded after hydration: member-reviews-on-demand.tsx), newest
// first, each saying which game it is of ("on Hades") and showing its badge; a member who wrote none shows
// no section at all.

/** The API's entry as a post that names its game, as the home feed names where a post was written. */
const onGame = (entry: { gameId: string; name?: string | undefined; post: FeedPost }): FeedPost => ({
  ...entry.post,
  postedOn: { type: 'game', key: entry.gameId, name: entry.name ?? entry.gameId },
});

function Reviews({ uid, username }: { uid: string; username: string }) {
  const list = useReviewPages(async (cursor) => {
    const next = await callApi((api) =>
      api.reviews.users[':uid'].$get({ param: { uid }, query: cursor ? { cursor } : {} }),
    );
    return { reviews: next.reviews.map(onGame), nextCursor: next.nextCursor };
  });

  if (list.reviews.length === 0 && !list.message) return null;
  return (
    <section className="reviews-section" aria-labelledby={`reviews-of-${uid}`}>
      <h2 id={`reviews-of-${uid}`}>Reviews by {username}</h2>
      <ReviewList
        reviews={list.reviews}
        empty="No reviews yet."
        nextCursor={list.nextCursor}
        loading={list.loading}
        message={list.message}
        onMore={list.more}
        onDeleted={(postId) => {
          list.change((shown) => shown.filter((r) => r.uuid !== postId));
        }}
      />
    </section>
  );
}

/** The member's reviews, newest first; nothing when they wrote none. Key it by member. */
export function MemberReviewsSection({ uid, username }: { uid: string; username: string }) {
  return (
    <FeedViewerProvider ids={[]}>
      <Reviews uid={uid} username={username} />
    </FeedViewerProvider>
  );
}
