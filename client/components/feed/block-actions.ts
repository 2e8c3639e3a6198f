import type { FeedComment, FeedPost } from '../../../shared/feed/read-feed.ts';
import type { FeedViewer } from './feed-viewer.tsx';
import type { MenuAction } from './item-menu.tsx';
import { changeBlock } from './member-blocks.ts';
import { refusalMessage } from '../refusal-message.ts';

// What a member can do about someone else's post or comment from its menu: hide it, block its author,
// and for a post on a game's feed, say they are not interested in that game. Each hides at once (see
// member-blocks.ts); `onRefused` shows the API's message where the item is when it is put back.

/** Blocking a member, asked first: it also ends follows both ways. */
function blockMember(uid: string, name: string, onRefused: (message: string) => void): MenuAction {
  return {
    label: `Block ${name}`,
    confirm: {
      question: `Block ${name}? You won’t see their posts or comments, they can’t post, comment or like on your page nor comment on or like your posts, and follows between you end.`,
      confirm: `Block ${name}`,
    },
    run: () => {
      changeBlock('users', uid, true, {
        text: `You blocked ${name}.`,
        undo: { kind: 'users', id: uid },
      }).catch((error: unknown) => {
        onRefused(refusalMessage(error, `block ${name}`));
      });
    },
  };
}

/**
 * "Report …", which opens the report form (or, for a visitor, the sign-in page: see useReport); none
 * while `report` is null (before the page is hydrated).
 */
function reportAction(label: string, report: (() => void) | null): MenuAction[] {
  return report === null ? [] : [{ label, opensDialog: true, run: report }];
}

/**
 * The menu of a post, for anyone who did not write it (none otherwise): Report for a visitor (who is
 * asked to sign in) or while the member is not known yet; hiding and blocking as well for a member.
 */
export function postActions(
  post: FeedPost,
  viewer: FeedViewer,
  onRefused: (message: string) => void,
  report: (() => void) | null,
): MenuAction[] {
  if (viewer.uid === post.sourceUUID) return [];
  const reportPost = reportAction('Report post', report);
  if (viewer.uid === null) return reportPost;
  const name = post.authorName ?? 'this member';
  const actions: MenuAction[] = [
    {
      label: 'Hide this post',
      run: () => {
        changeBlock('posts', post.uuid, true, { text: 'Post hidden.' }).catch((error: unknown) => {
          onRefused(refusalMessage(error, 'hide this post'));
        });
      },
    },
    blockMember(post.sourceUUID, name, onRefused),
  ];
  if (post.targetType === 'game')
    actions.push({
      label: 'Not interested in this game',
      run: () => {
        changeBlock('games', post.targetUUID, true, {
          text: 'You won’t see this game’s posts in your feed, and it won’t be suggested to you.',
          undo: { kind: 'games', id: post.targetUUID },
        }).catch((error: unknown) => {
          onRefused(refusalMessage(error, 'hide this game'));
        });
      },
    });
  actions.push(...reportPost);
  return actions;
}

/** The menu of a comment, for anyone who did not write it (none otherwise; see postActions). */
export function commentActions(
  comment: FeedComment,
  viewer: FeedViewer,
  onRefused: (message: string) => void,
  report: (() => void) | null,
): MenuAction[] {
  if (viewer.uid === comment.sourceUUID) return [];
  const reportComment = reportAction('Report comment', report);
  if (viewer.uid === null) return reportComment;
  return [
    {
      label: 'Hide this comment',
      run: () => {
        changeBlock('comments', comment.uuid, true, { text: 'Comment hidden.' }).catch((error: unknown) => {
          onRefused(refusalMessage(error, 'hide this comment'));
        });
      },
    },
    blockMember(comment.sourceUUID, comment.authorName ?? 'this member', onRefused),
    ...reportComment,
  ];
}
