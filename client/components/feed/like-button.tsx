import { useState } from 'react';
import type { LikeTargetType } from '../../../shared/schemas/like.ts';
import { callApi } from '../browser-capabilities.ts';
import { isSignedOutFailure, useFeedViewer } from './feed-viewer.tsx';
import { tooOftenMessage } from '../too-often.ts';
import { refusalMessage } from '../refusal-message.ts';
import { formatCount } from '../count-format.ts';

function likesLabel(count: number): string {
  return count === 1 ? '1 like' : `${formatCount(count)} likes`;
}

/**
 * A post's or comment's like count, and for a member a toggle button (aria-pressed) that likes or
 * unlikes at once and is put back, with a message, if the API refuses. Visitors see the count only.
 */
export function LikeButton({
  type,
  targetId,
  likes,
}: {
  type: LikeTargetType;
  targetId: string;
  /** The count the item was read with (followed as it is read again, see live-feed.ts). */
  likes: number;
}) {
  const viewer = useFeedViewer();
  const known = viewer.likes(targetId);
  const [liked, setLiked] = useState<boolean | undefined>(known);
  const [count, setCount] = useState(likes);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  // What the viewer learns replaces the shown state, except while a change of ours is on its way.
  const [learnt, setLearnt] = useState(known);
  if (learnt !== known) {
    setLearnt(known);
    if (!busy) setLiked(known);
  }
  // A new count read for the item (the feed re-read as others liked) is shown likewise.
  const [readLikes, setReadLikes] = useState(likes);
  if (readLikes !== likes) {
    setReadLikes(likes);
    if (!busy) setCount(likes);
  }

  const noun = type === 'post' ? 'post' : 'comment';
  if (!viewer.signedIn || viewer.uid === null || liked === undefined) {
    return (
      <span className="like-count">
        <span aria-hidden="true">♥ {count}</span>
        <span className="feed-visually-hidden">{likesLabel(count)}</span>
      </span>
    );
  }

  async function toggle(wasLiked: boolean) {
    const like = !wasLiked;
    const previousCount = count;
    setBusy(true);
    setMessage('');
    setLiked(like);
    setCount(Math.max(0, previousCount + (like ? 1 : -1)));
    try {
      const answer = await callApi((api) => {
        const target = api.likes[':type'][':targetId'];
        return like
          ? target.$put({ param: { type, targetId } })
          : target.$delete({ param: { type, targetId } });
      });
      setCount(answer.likes);
    } catch (error) {
      setLiked(wasLiked);
      setCount(previousCount);
      setMessage(
        isSignedOutFailure(error)
          ? 'Please sign in again to like.'
          : (tooOftenMessage(error) ?? refusalMessage(error, `${like ? 'like' : 'unlike'} this ${noun}`)),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="like-control">
      <button
        type="button"
        className="pill-button like-button"
        aria-pressed={liked}
        aria-label={`Like this ${noun}, ${likesLabel(count)}`}
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) void toggle(liked);
        }}
      >
        <span aria-hidden="true">{liked ? '♥' : '♡'} </span>
        {count}
      </button>
      {message ? (
        <span className="feed-message" role="alert">
          {message}
        </span>
      ) : null}
    </span>
  );
}
