/**
 * The end of a paged list of posts: "More …" while there is a next page (held while one loads), and what
 * went wrong, if anything (feed-section.tsx's posts, a game's reviews, a member's reviews).
 */
export function FeedMore({
  nextCursor,
  loading,
  onMore,
  label,
  message,
}: {
  nextCursor: string | null;
  loading: boolean;
  onMore: (cursor: string) => void;
  /** What the button says: "More posts", "More reviews". */
  label: string;
  /** Empty when there is none. */
  message: string;
}) {
  return (
    <>
      {nextCursor ? (
        <button
          type="button"
          className="pill-button feed-more"
          aria-disabled={loading || undefined}
          onClick={() => {
            if (!loading) onMore(nextCursor);
          }}
        >
          {loading ? 'Loading…' : label}
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
