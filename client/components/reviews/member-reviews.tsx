import { useEffect, useState } from 'react';
import type { FeedPost } from '../../../shared/feed/read-feed.ts';
import { callApi } from '../browser-capabilities.ts';
import { FeedViewerProvider, useFeedViewer } from '../feed/feed-viewer.tsx';
import { likeableIds } from '../feed/post-list.tsx';
import { ReviewList } from './review-list.tsx';

// A member's reviews on their profile (loaded after hydration: member-reviews-on-demand.tsx), newest
// first, each saying which game it is of ("on Hades") and showing its badge; a member who wrote none shows
// no section at all.

interface Page {
  reviews: FeedPost[];
  nextCursor: string | null;
}

/** The API's entry as a post that names its game, as the home feed names where a post was written. */
const onGame = (entry: { gameId: string; name?: string | undefined; post: FeedPost }): FeedPost => ({
  ...entry.post,
  postedOn: { type: 'game', key: entry.gameId, name: entry.name ?? entry.gameId },
});

function Reviews({ uid, username }: { uid: string; username: string }) {
  const viewer = useFeedViewer();
  const [page, setPage] = useState<Page | null>(null);
  const [loading, setLoading] = useState(true);
  const [message, setMessage] = useState('');

  async function load(cursor?: string) {
    setLoading(true);
    setMessage('');
    try {
      const next = await callApi((api) =>
        api.reviews.users[':uid'].$get({ param: { uid }, query: cursor ? { cursor } : {} }),
      );
      const reviews = next.reviews.map(onGame);
      setPage((shown) => ({
        reviews: [...(cursor && shown ? shown.reviews : []), ...reviews],
        nextCursor: next.nextCursor,
      }));
      viewer.learnLikes(likeableIds(reviews));
    } catch {
      setMessage('Could not load the reviews. Please try again.');
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    void load();
    // Loaded once per member (the section is keyed by member).
  }, []);

  if ((page === null || page.reviews.length === 0) && !message) return null;
  return (
    <section className="reviews-section" aria-labelledby={`reviews-of-${uid}`}>
      <h2 id={`reviews-of-${uid}`}>Reviews by {username}</h2>
      <ReviewList
        reviews={page?.reviews ?? []}
        empty="No reviews yet."
        nextCursor={page?.nextCursor ?? null}
        loading={loading}
        message={message}
        onMore={(cursor) => void load(cursor)}
        onDeleted={(postId) => {
          setPage((shown) => shown && { ...shown, reviews: shown.reviews.filter((r) => r.uuid !== postId) });
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
