import type { ReviewBadge as Badge } from '../../../shared/schemas/review-badge.ts';
import { SHELF_NAMES } from '../shelves/shelf-names.ts';

/**
 * A review's badge: its author's score and shelf of the game as they are now (the server keeps them in
 * step with the member's rating and shelf: shared/transitions/review.ts); nothing of either when unset.
 */
export function ReviewBadge({ badge }: { badge: Badge | undefined }) {
  if (badge?.score === undefined && badge?.status === undefined) return null;
  return (
    <p className="review-badge">
      {badge.score === undefined ? null : (
        <span className="review-score">
          <span className="feed-visually-hidden">Rated </span>
          {badge.score}
          <span aria-hidden="true">/10</span>
          <span className="feed-visually-hidden"> out of 10</span>
        </span>
      )}
      {badge.status === undefined ? null : <span className="review-shelf">{SHELF_NAMES[badge.status]}</span>}
    </p>
  );
}
