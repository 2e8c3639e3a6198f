import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { FeedPost } from '../../../shared/feed/read-feed.ts';
import { MAX_POST_LENGTH } from '../../../shared/schemas/text-limits.ts';
import { callApi } from '../browser-capabilities.ts';
import { FeedViewerProvider, useFeedViewer } from '../feed/feed-viewer.tsx';
import { refusalMessage } from '../refusal-message.ts';
import { ReviewList } from './review-list.tsx';
import { useReviewPages } from './use-review-pages.ts';

// The game page's Reviews view (loaded on demand: game-reviews-on-demand.tsx): the game's reviews most
// liked first, then newest, and for a member their own review to write, rewrite or delete. The badge of a
// review is the member's score and shelf of the game, which they set with the page's own controls.

/** The member's review box: their words to write or rewrite, and Delete once written. */
function ReviewComposer({
  gameId,
  own,
  onSaved,
  onDeleted,
}: {
  gameId: string;
  own: FeedPost | null;
  onSaved: (review: FeedPost) => void;
  onDeleted: (postId: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(own?.content ?? '');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const length = text.trim().length;
  const tooLong = length > MAX_POST_LENGTH;

  if (!open)
    return (
      <p className="review-actions">
        <button
          type="button"
          className="pill-button"
          onClick={() => {
            setText(own?.content ?? '');
            setOpen(true);
          }}
        >
          {own ? 'Edit your review' : 'Write a review'}
        </button>
      </p>
    );

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (length === 0 || tooLong) {
      setMessage(
        tooLong ? `At most ${MAX_POST_LENGTH.toLocaleString('en-US')} characters.` : 'Write something first.',
      );
      return;
    }
    setBusy(true);
    setMessage('');
    try {
      const answer = await callApi((api) =>
        api.games[':gameId'].review.$put({ param: { gameId }, json: { text: text.trim() } }),
      );
      onSaved(answer.review);
      setOpen(false);
    } catch (error) {
      setMessage(refusalMessage(error, 'save your review'));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (busy || !own) return;
    setBusy(true);
    setMessage('');
    try {
      await callApi((api) => api.games[':gameId'].review.$delete({ param: { gameId } }));
      onDeleted(own.uuid);
      setText('');
      setOpen(false);
    } catch (error) {
      setMessage(refusalMessage(error, 'delete your review'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="feed-composer review-composer" onSubmit={(event) => void save(event)} noValidate>
      <label htmlFor={`${id}-text`}>Your review</label>
      <p id={`${id}-hint`} className="review-hint">
        It shows your score and shelf of this game, as you set them above.
      </p>
      <textarea
        id={`${id}-text`}
        value={text}
        rows={5}
        aria-invalid={message !== '' || tooLong || undefined}
        aria-describedby={`${id}-hint ${id}-count ${id}-message`}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (message) setMessage('');
        }}
      />
      <div className="feed-composer-row">
        <span id={`${id}-count`} className={tooLong ? 'feed-count feed-count-over' : 'feed-count'}>
          {length.toLocaleString('en-US')} / {MAX_POST_LENGTH.toLocaleString('en-US')}
        </span>
        <span className="review-buttons">
          {own ? (
            <button type="button" className="pill-button" onClick={() => void remove()}>
              Delete review
            </button>
          ) : null}
          <button
            type="button"
            className="pill-button"
            onClick={() => {
              setOpen(false);
            }}
          >
            Cancel
          </button>
          <button type="submit" className="pill-button feed-send" aria-disabled={busy || undefined}>
            {own ? 'Save review' : 'Post review'}
          </button>
        </span>
      </div>
      <p id={`${id}-message`} className="feed-message" role="alert">
        {message}
      </p>
    </form>
  );
}

function Reviews({ gameId }: { gameId: string }) {
  const viewer = useFeedViewer();
  const list = useReviewPages((cursor) =>
    callApi((api) =>
      api.games[':gameId'].reviews.$get({ param: { gameId }, query: cursor ? { cursor } : {} }),
    ),
  );
  const [own, setOwn] = useState<FeedPost | null>(null);

  // A member's own review, to rewrite it (read once they are known).
  useEffect(() => {
    if (!viewer.signedIn) return;
    let current = true;
    callApi((api) => api.games[':gameId'].review.$get({ param: { gameId } })).then(
      (answer) => {
        if (current) setOwn(answer.review);
      },
      () => undefined, // The box then offers to write one; the API keeps it one review anyway.
    );
    return () => {
      current = false;
    };
  }, [viewer.signedIn, gameId]);

  const drop = (postId: string) => {
    list.change((shown) => shown.filter((review) => review.uuid !== postId));
    if (own?.uuid === postId) setOwn(null);
  };

  return (
    <>
      {viewer.signedIn ? (
        <ReviewComposer
          key={own?.uuid ?? 'new'}
          gameId={gameId}
          own={own}
          onSaved={(review) => {
            setOwn(review);
            list.change((shown) =>
              shown.some((r) => r.uuid === review.uuid)
                ? shown.map((r) => (r.uuid === review.uuid ? review : r))
                : [review, ...shown],
            );
            viewer.learnLikes([review.uuid]);
          }}
          onDeleted={drop}
        />
      ) : null}
      <ReviewList
        reviews={list.reviews}
        empty="No reviews yet."
        nextCursor={list.nextCursor}
        loading={list.loading}
        message={list.message}
        onMore={list.more}
        onDeleted={drop}
      />
    </>
  );
}

/** The game's reviews, most liked first, with the member's own to write. Key it by game. */
export function GameReviewsView({ gameId }: { gameId: string }) {
  return (
    <FeedViewerProvider ids={[]}>
      <Reviews gameId={gameId} />
    </FeedViewerProvider>
  );
}
