import { useEffect, useSyncExternalStore } from 'react';
import type { BlockKind } from '../../../shared/schemas/block.ts';
import { callApi } from '../browser-capabilities.ts';
import type { FeedComment, FeedPost } from '../../../shared/feed/read-feed.ts';

// What the signed-in member blocked, kept once per browser tab for every feed it shows (a page's feed, the
// home feed, comments): public pages are rendered alike for everyone, so the member's blocks are applied
// here after hydration. A block the member makes hides its item everywhere at once, before the API has
// answered, and comes back (with a message) if the API refuses it.

/** The member's blocks by kind: ids of posts, comments, members, and games they are not interested in. */
export type MemberBlocks = Readonly<Record<BlockKind, ReadonlySet<string>>>;

/** No blocks: a visitor's, or a member's until the API has answered. */
export const NO_BLOCKS: MemberBlocks = {
  posts: new Set(),
  comments: new Set(),
  users: new Set(),
  games: new Set(),
};

/** What the last block did, said where the feed shows it; `undo` when it can be taken back. */
export interface BlockNotice {
  text: string;
  undo?: { kind: BlockKind; id: string };
}

/** Whose blocks are kept (a different member signing in starts afresh), and them. */
let kept: { uid: string; blocks: MemberBlocks; notice: BlockNotice | null } | null = null;
const listeners = new Set<() => void>();

function publish(next: typeof kept): void {
  kept = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function load(uid: string): void {
  if (kept?.uid === uid) return;
  publish({ uid, blocks: NO_BLOCKS, notice: null });
  callApi((api) => api.blocks.$get()).then(
    (answer) => {
      const now = kept;
      if (now?.uid !== uid) return;
      // Blocks the member made while this was on its way stay.
      const both = (kind: BlockKind) => new Set([...Object.keys(answer[kind]), ...now.blocks[kind]]);
      const merged: MemberBlocks = {
        posts: both('posts'),
        comments: both('comments'),
        users: both('users'),
        games: both('games'),
      };
      publish({ ...now, blocks: merged });
    },
    () => {
      // Nothing more is hidden than the member hid meanwhile: the feeds stay as everyone sees them.
    },
  );
}

/** `blocks` with `id` of `kind` added (`present`) or taken out. */
function withBlock(blocks: MemberBlocks, kind: BlockKind, id: string, present: boolean): MemberBlocks {
  const ids = new Set(blocks[kind]);
  if (present) ids.add(id);
  else ids.delete(id);
  return { ...blocks, [kind]: ids };
}

/**
 * Blocks (`block: true`) or takes back a block of `id`: shown at once, sent to the API, put back if it
 * refuses (the promise then rejects with the API's failure). `notice` is what the feeds then say.
 */
export async function changeBlock(
  kind: BlockKind,
  id: string,
  block: boolean,
  notice: BlockNotice | null = null,
): Promise<void> {
  const uid = kept?.uid;
  if (uid !== undefined && kept)
    publish({ ...kept, blocks: withBlock(kept.blocks, kind, id, block), notice });
  try {
    const change = { json: { kind, ids: [id] } };
    if (block) await callApi((api) => api.blocks.$post(change));
    else await callApi((api) => api.blocks.$delete(change));
  } catch (error) {
    if (kept && kept.uid === uid)
      publish({ ...kept, blocks: withBlock(kept.blocks, kind, id, !block), notice: null });
    throw error;
  }
}

/** What the last block did, for the feeds to say (null when there is nothing to say). */
export function useBlockNotice(): BlockNotice | null {
  return useSyncExternalStore(
    subscribe,
    () => kept?.notice ?? null,
    () => null,
  );
}

/** The blocks of the member `uid` (none for a visitor, or until the API has answered). */
export function useMemberBlocks(uid: string | null): MemberBlocks {
  useEffect(() => {
    if (uid !== null) load(uid);
  }, [uid]);
  const current = useSyncExternalStore(
    subscribe,
    () => kept,
    () => null,
  );
  return uid !== null && current?.uid === uid ? current.blocks : NO_BLOCKS;
}

/** Whether the member blocked the post or its author. */
export function hidesPost(blocks: MemberBlocks, post: FeedPost): boolean {
  return blocks.posts.has(post.uuid) || blocks.users.has(post.sourceUUID);
}

/** Whether the member blocked the comment or its author. */
export function hidesComment(blocks: MemberBlocks, comment: FeedComment): boolean {
  return blocks.comments.has(comment.uuid) || blocks.users.has(comment.sourceUUID);
}

/**
 * Whether the home feed leaves the post out: as on pages, and also a post on the feed of a game the member
 * is not interested in (but their own). Only a game's feed: an event or member may share the game's id.
 */
export function hidesFromHomeFeed(blocks: MemberBlocks, post: FeedPost, uid: string | null): boolean {
  return (
    hidesPost(blocks, post) ||
    (post.sourceUUID !== uid && post.targetType === 'game' && blocks.games.has(post.targetUUID))
  );
}
