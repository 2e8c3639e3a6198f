import { useState } from 'react';
import { Link } from 'react-router';
import type { FeedPost, PostPlace } from '../../../shared/feed/read-feed.ts';
import { callApi } from '../browser-capabilities.ts';
import { RelativeTime } from '../relative-time.tsx';
import { AuthorLink } from './author-link.tsx';
import { postActions } from './block-actions.ts';
import { CommentList } from './comment-list.tsx';
import { useFeedViewer } from './feed-viewer.tsx';
import { ItemMenu } from './item-menu.tsx';
import { LikeButton } from './like-button.tsx';
import { PostText } from './post-text.tsx';
import { refusalMessage } from '../refusal-message.ts';
import { ReviewBadge } from './review-badge.tsx';
import { useReport } from '../report/use-report.tsx';

/** The address of the page a post was written on. */
function placePath(place: PostPlace): string {
  return `/${place.type}/${encodeURIComponent(place.key)}`;
}

/** "on Hades", "on ana_roguelites's page": where a home-feed post was written, linking to that page. */
function PlaceLink({ place }: { place: PostPlace }) {
  return (
    <>
      {' '}
      on{' '}
      <Link className="feed-place" to={placePath(place)}>
        {place.type === 'user' ? `${place.name}'s page` : place.name}
      </Link>
    </>
  );
}

/**
 * One post as feeds show it: author, age (exact time on hover), text as typed, likes, its latest comments
 * with the rest on demand. Members see what they may do once the feed's viewer knows them (see
 * FeedViewerProvider): like, comment, and Delete on their own posts and on any post on their own feed.
 * Without a provider it shows read-only.
 */
export function PostCard({
  post,
  onDeleted,
}: {
  /** The post as the API returns it, with its preview comments. */
  post: FeedPost;
  /** Called once the post is deleted (the feed then leaves it out). */
  onDeleted?: (postId: string) => void;
}) {
  const viewer = useFeedViewer();
  const [message, setMessage] = useState('');
  const [deleting, setDeleting] = useState(false);
  // The comment box is opened by the Comment button (see CommentList), which it then replaces.
  const [composing, setComposing] = useState(false);
  const ownsFeed = post.targetType === 'user' && viewer.uid === post.targetUUID;
  const mayDelete = viewer.uid !== null && (viewer.uid === post.sourceUUID || ownsFeed);
  const report = useReport({
    kind: 'post',
    itemId: post.uuid,
    description: `this post by ${post.authorName ?? 'a member'}`,
  });

  return (
    <article
      className="post-card"
      aria-label={`${post.review ? 'Review' : 'Post'} by ${post.authorName ?? 'a member'}`}
    >
      <div className="feed-item-head">
        <p className="feed-meta">
          <AuthorLink name={post.authorName} />
          {post.fromDeveloper ? (
            <>
              {' '}
              <span className="developer-badge" title="A developer of this game">
                Developer
              </span>
            </>
          ) : null}
          {post.postedOn ? <PlaceLink place={post.postedOn} /> : null} · <RelativeTime at={post.timestamp} />
        </p>
        <ItemMenu label="More for this post" actions={postActions(post, viewer, setMessage, report.start)} />
      </div>
      {/* A review (shared/schemas/review-badge.ts) shows its author's score and shelf of the game now. */}
      {post.review ? <ReviewBadge badge={post.review} /> : null}
      <PostText className="feed-text post-text" text={post.content} />
      <div className="feed-actions">
        <LikeButton type="post" targetId={post.uuid} likes={post.likes} />
        {viewer.uid !== null && !composing ? (
          <button
            type="button"
            className="pill-button feed-comment-open"
            onClick={() => {
              setComposing(true);
            }}
          >
            Comment
          </button>
        ) : null}
        {mayDelete ? (
          <button
            type="button"
            className="pill-button feed-delete"
            aria-disabled={deleting || undefined}
            onClick={() => {
              if (deleting) return;
              setDeleting(true);
              setMessage('');
              callApi((api) => api.posts[':postId'].$delete({ param: { postId: post.uuid } })).then(
                () => onDeleted?.(post.uuid),
                (error: unknown) => {
                  setDeleting(false);
                  setMessage(refusalMessage(error, 'delete this post'));
                },
              );
            }}
          >
            Delete post
          </button>
        ) : null}
      </div>
      {message ? (
        <p className="feed-message" role="alert">
          {message}
        </p>
      ) : null}
      <CommentList post={post} composing={composing} />
      {report.dialog}
    </article>
  );
}
