import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { callApi, type ApiFailure } from '../browser-capabilities.ts';
import { useBrowserSession } from '../browser-session.ts';
import { currentMember } from '../current-member.ts';
import { NO_BLOCKS, useMemberBlocks, type MemberBlocks } from './member-blocks.ts';

/**
 * Who is reading a feed, learnt after hydration (public pages are the same for everyone, so the server
 * never knows): the member's uid and which of the shown posts and comments they like. `uid` is null for
 * visitors and while the API has not answered; nothing per member shows until it has.
 */
export interface FeedViewer {
  /** Whether the browser holds a session (known right after hydration, before the API answers). */
  signedIn: boolean;
  uid: string | null;
  /** Whether the member likes a post or comment; undefined while unknown. */
  likes(id: string): boolean | undefined;
  /** Ask for the member's likes of more items (new pages, comments shown on demand). */
  learnLikes(ids: readonly string[]): void;
  /** What the member blocked: hidden from them in every feed (none for visitors). */
  blocks: MemberBlocks;
}

const visitor: FeedViewer = {
  signedIn: false,
  uid: null,
  likes: () => undefined,
  learnLikes: () => undefined,
  blocks: NO_BLOCKS,
};

const FeedViewerContext = createContext<FeedViewer>(visitor);

/** The reader of the feeds inside (posts and comments read it through useFeedViewer). */
export function useFeedViewer(): FeedViewer {
  return useContext(FeedViewerContext);
}

/** True when a call failed because nobody is signed in (any more). */
export function isSignedOutFailure(error: unknown): boolean {
  return error instanceof Error && (error as Partial<ApiFailure>).code === 'unauthenticated';
}

/** Most items whose like state one request asks for (the API's bound). */
const LIKES_PER_REQUEST = 50;

/**
 * Provides the feed's reader to the posts inside: with a session, asks the API who the member is, which
 * of `ids` they like (and of any item shown later, see learnLikes) and what they blocked.
 */
export function FeedViewerProvider({ ids, children }: { ids: readonly string[]; children: ReactNode }) {
  const signedIn = useBrowserSession();
  const [uid, setUid] = useState<string | null>(null);
  const [liked, setLiked] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [wanted, setWanted] = useState<readonly string[]>([]);

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    currentMember().then(
      (me) => {
        if (current) setUid(me.uid);
      },
      () => undefined, // Read-only until it answers: the API refuses what a visitor may not do anyway.
    );
    return () => {
      current = false;
    };
  }, [signedIn]);

  const learnLikes = useCallback((more: readonly string[]) => {
    setWanted((known) => {
      const missing = more.filter((id) => !known.includes(id));
      return missing.length === 0 ? known : [...known, ...missing];
    });
  }, []);

  const idsKey = ids.join(',');
  useEffect(() => {
    learnLikes(idsKey ? idsKey.split(',') : []);
  }, [idsKey, learnLikes]);

  useEffect(() => {
    if (!signedIn) return;
    const unknown = wanted.filter((id) => !liked.has(id));
    if (unknown.length === 0) return;
    let current = true;
    const batches: string[][] = [];
    for (let i = 0; i < unknown.length; i += LIKES_PER_REQUEST)
      batches.push(unknown.slice(i, i + LIKES_PER_REQUEST));
    Promise.all(
      batches.map((batch) => callApi((api) => api.likes.mine.$get({ query: { ids: batch.join(',') } }))),
    ).then(
      (answers) => {
        if (!current) return;
        const likedNow = new Set(answers.flatMap((answer) => answer.liked));
        setLiked((known) => {
          const next = new Map(known);
          for (const id of unknown) next.set(id, likedNow.has(id));
          return next;
        });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [signedIn, wanted, liked]);

  const blocks = useMemberBlocks(signedIn ? uid : null);
  const viewer = useMemo<FeedViewer>(
    () => ({ signedIn, uid, likes: (id) => liked.get(id), learnLikes, blocks }),
    [signedIn, uid, liked, learnLikes, blocks],
  );
  return <FeedViewerContext value={viewer}>{children}</FeedViewerContext>;
}
