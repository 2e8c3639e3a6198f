import { useEffect, useRef, useState } from 'react';
import { mergeComments } from '../../../shared/feed/live-merge.ts';
import type { FeedComment, FeedPost } from '../../../shared/feed/read-feed.ts';
import { MAX_COMMENT_LENGTH } from '../../../shared/schemas/text-limits.ts';
import { callApi } from '../browser-capabilities.ts';
import { RelativeTime } from '../relative-time.tsx';
import { AuthorLink } from './author-link.tsx';
import { commentActions } from './block-actions.ts';
import { useFeedViewer } from './feed-viewer.tsx';
import { ItemMenu } from './item-menu.tsx';
import { LikeButton } from './like-button.tsx';
import { hidesComment } from './member-blocks.ts';
import { PostText } from './post-text.tsx';
import { refusalMessage } from '../refusal-message.ts';
import { TextComposer } from './text-composer.tsx';
import { useReport } from '../report/use-report.tsx';
import { formatCount } from '../count-format.ts';

function commentsLabel(count: number): string {
  return count === 1 ? 'Show the comment' : `Show all ${formatCount(count)} comments`;
}

/**
 * One comment: author, text, age, likes, and Delete for its author, the post's author and the member whose
 * wall the post is on (a wall is its owner's to keep, whoever wrote there).
 */
function CommentItem({
  comment,
  postAuthor,
  wallOwner,
  onDeleted,
}: {
  comment: FeedComment;
  postAuthor: string;
  /** The member whose wall the post is on; null on a game's or an event's feed. */
  wallOwner: string | null;
  onDeleted: () => void;
}) {
  const viewer = useFeedViewer();
  const [message, setMessage] = useState('');
  const report = useReport({
    kind: 'comment',
    itemId: comment.uuid,
    description: `this comment by ${comment.authorName ?? 'a member'}`,
  });
  const mayDelete =
    viewer.uid !== null &&
    (viewer.uid === comment.sourceUUID || viewer.uid === postAuthor || viewer.uid === wallOwner);
  return (
    <li className="feed-comment">
      <div className="feed-item-head">
        <p className="feed-meta">
          <AuthorLink name={comment.authorName} /> · <RelativeTime at={comment.timestamp} />
        </p>
        <ItemMenu
          label="More for this comment"
          actions={commentActions(comment, viewer, setMessage, report.start)}
        />
      </div>
      <PostText className="feed-text" text={comment.content} />
      <div className="feed-actions">
        <LikeButton type="comment" targetId={comment.uuid} likes={comment.likes} />
        {mayDelete ? (
          <button
            type="button"
            className="pill-button feed-delete"
            onClick={() => {
              setMessage('');
              callApi((api) =>
                api.comments[':commentId'].$delete({ param: { commentId: comment.uuid } }),
              ).then(onDeleted, (error: unknown) => {
                setMessage(refusalMessage(error, 'delete this comment'));
              });
            }}
          >
            Delete comment
          </button>
        ) : null}
      </div>
      {message ? (
        <p className="feed-message" role="alert">
          {message}
        </p>
      ) : null}
      {report.dialog}
    </li>
  );
}

/**
 * A post's comments: its latest ones (the preview it was read with), all of them on demand a page at a
 * time, newest first; for members, a box to comment once they asked for it (`composing`, from the post's
 * Comment button): one box under every post of a feed would make a long feed heavy to render and to tab
 * through. The box opens with the focus in it and stays open after sending, for a second comment.
 */
export function CommentList({ post, composing = false }: { post: FeedPost; composing?: boolean }) {
  const viewer = useFeedViewer();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (composing) box.current?.querySelector('textarea')?.focus();
  }, [composing]);
  const [comments, setComments] = useState<FeedComment[]>(post.previewComments);
  const [total, setTotal] = useState(Object.keys(post.comments).length);
  // Where reading all comments goes on: undefined until asked, null once every comment is shown.
  const [nextCursor, setNextCursor] = useState<string | null | undefined>(
    Object.keys(post.comments).length > post.previewComments.length ? undefined : null,
  );
  // The post read again (others commented, deleted or liked, see live-feed.ts): its latest comments and
  // counts come in, keeping what the reader opened or wrote.
  const [readPost, setReadPost] = useState(post);
  if (readPost !== post) {
    setReadPost(post);
    const merged = mergeComments(comments, post);
    const all = Object.keys(post.comments).length;
    setComments(merged);
    setTotal(all);
    if (nextCursor === null && all > merged.length) setNextCursor(undefined);
  }
  const [loading, setLoading] = useState(false);
  const [message, setMessage] = useState('');
  const shown = comments.filter((comment) => !hidesComment(viewer.blocks, comment));

  async function loadMore() {
    setLoading(true);
    setMessage('');
    try {
      const answer = await callApi((api) =>
        api.comments.posts[':postId'].$get({
          param: { postId: post.uuid },
          query: nextCursor ? { cursor: nextCursor } : {},
        }),
      );
      setComments((shown) => {
        const base = nextCursor ? shown : [];
        const seen = new Set(base.map((c) => c.uuid));
        return [...base, ...answer.comments.filter((c) => !seen.has(c.uuid))];
      });
      viewer.learnLikes(answer.comments.map((c) => c.uuid));
      setNextCursor(answer.nextCursor);
    } catch {
      setMessage('Could not load the comments. Please try again.');
    } finally {
      setLoading(false);
    }
  }

  return (
    // A plain box, not a named region: every post has one, and landmarks' names must differ.
    <div className="feed-comments">
      {shown.length > 0 ? (
        <ul className="feed-comment-list">
          {shown.map((comment) => (
            <CommentItem
              key={comment.uuid}
              comment={comment}
              postAuthor={post.sourceUUID}
              wallOwner={post.targetType === 'user' ? post.targetUUID : null}
              onDeleted={() => {
                setComments((shown) => shown.filter((c) => c.uuid !== comment.uuid));
                setTotal((n) => Math.max(0, n - 1));
              }}
            />
          ))}
        </ul>
      ) : null}
      {nextCursor !== null ? (
        <button
          type="button"
          className="pill-button feed-more-comments"
          aria-disabled={loading || undefined}
          onClick={() => {
            if (!loading) void loadMore();
          }}
        >
          {nextCursor === undefined ? commentsLabel(total) : 'More comments'}
        </button>
      ) : null}
      {message ? (
        <p className="feed-message" role="alert">
          {message}
        </p>
      ) : null}
      {viewer.uid !== null && composing ? (
        <div ref={box}>
          <TextComposer
            label="Write a comment"
            placeholder="Write a comment…"
            submitLabel="Comment"
            maxLength={MAX_COMMENT_LENGTH}
            what="comment"
            rows={1}
            send={async (content) => {
              const answer = await callApi((api) =>
                api.comments.posts[':postId'].$post({ param: { postId: post.uuid }, json: { content } }),
              );
              const written = answer.comment;
              if (written) {
                setComments((shown) => [written, ...shown]);
                setTotal((n) => n + 1);
                viewer.learnLikes([written.uuid]);
              }
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
