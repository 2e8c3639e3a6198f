import { useEffect, useState } from 'react';
import type { FeedPost } from '../../../shared/feed/read-feed.ts';
import { useFeedViewer } from '../feed/feed-viewer.tsx';
import { likeableIds } from '../feed/post-list.tsx';

// The pages of a list of reviews as the Reviews view of a game (game-reviews.tsx) and a member's profile
// (member-reviews.tsx) read them from the API: the first page once, then the next one each time the
// reader asks for more.

/** One page of reviews as the API answers it, with the cursor of the next (null: none). */
export interface ReviewPage {
  reviews: FeedPost[];
  nextCursor: string | null;
}

/**
 * The reviews `read` answers page by page (no cursor: the first), read first when mounted (key the
 * component by what the list is of). A review that reaches the next page too (it moved meanwhile) is shown
 * once; the reader's likes of each page are learned.
 */
export function useReviewPages(read: (cursor?: string) => Promise<ReviewPage>) {
  const viewer = useFeedViewer();
  const [page, setPage] = useState<ReviewPage>({ reviews: [], nextCursor: null });
  const [loading, setLoading] = useState(true);
  const [message, setMessage] = useState('');

  async function load(cursor?: string) {
    setLoading(true);
    setMessage('');
    try {
      const next = await read(cursor);
      setPage((shown) => {
        const seen = new Set(cursor ? shown.reviews.map((review) => review.uuid) : []);
        return {
          reviews: [
            ...(cursor ? shown.reviews : []),
            ...next.reviews.filter((review) => !seen.has(review.uuid)),
          ],
          nextCursor: next.nextCursor,
        };
      });
      viewer.learnLikes(likeableIds(next.reviews));
    } catch {
      setMessage('Could not load the reviews. Please try again.');
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    void load();
    // Loaded once: the component is keyed by what the list is of.
  }, []);

  return {
    ...page,
    loading,
    /** The failure line of the latest read ('' when it went well). */
    message,
    /** Reads the page after `cursor` onto the list. */
    more: (cursor: string) => void load(cursor),
    /** Changes the reviews shown (one written, rewritten or deleted). */
    change: (reviews: (shown: FeedPost[]) => FeedPost[]) => {
      setPage((shown) => ({ ...shown, reviews: reviews(shown.reviews) }));
    },
  };
}
