import type { ReviewBadge as Badge } from '../../../shared/schemas/review-badge.ts';
import { SHELF_NAMES } from '../shelves/shelf-names.ts';

/**
 * A review's badge, on the post wherever it shows (the game's feed, its Reviews view, a profile, a home
 * feed): "Review", then its author's score and shelf of the game as they are now (the server keeps them in
 * step with the member's rating and shelf: shared/transitions/review.ts); nothing of either when unset.
 */
export function ReviewBadge({ badge }: { badge: Badge }) {
  return (
    <p className="review-badge">
      <span className="review-label">Review</span>{' '}
      {badge.score === undefined ? null : (
        <span className="review-score">
          <span className="feed-visually-hidden">rated </span>
          {badge.score}
          <span aria-hidden="true">/10</span>
          <span className="feed-visually-hidden"> out of 10,</span>
        </span>
      )}{' '}
      {badge.status === undefined ? null : <span className="review-shelf">{SHELF_NAMES[badge.status]}</span>}
    </p>
  );
}
