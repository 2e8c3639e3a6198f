import { feedIdOf, type FeedId } from '../shared/schemas/feed-id.ts';
import { deliverHomeFeedMessage } from '../shared/feed/home-feed-fanout.ts';
// Demo members (seed/demo/members.json) written THROUGH the social transitions, so that every record,
// index entry, user map and count is exactly what the live API would have produced. Safe to run again:
// users are written field by field, follows are idempotent, and posts are only written for a member who
// has none yet.

import { DEFAULT_FOLLOWED_ACCOUNT_UID } from '../shared/auth/account-api.ts';
import { planAccountSections } from '../shared/accounts/account-sections.ts';
import {
  emailToIdPath,
  gamePath,
  usernameClaimPath,
  postsByUidPath,
  profilePath,
  userSectionNode,
  userSectionPath,
} from '../shared/rtdb/paths.ts';
import type { RtdbClient } from '../shared/rtdb/rest-client.ts';
import { commitFollow } from '../shared/transitions/follow.ts';
import { commitNewPost } from '../shared/transitions/post.ts';
import { loadDemoData, type DemoMember } from './demo-data.ts';

/** The uid of a demo member: stable, so seeding twice finds the same users. */
export const demoMemberUid = (username: string): string => `demo-${username.replaceAll('_', '-')}`;

/** A demo member's sign-in address (`.invalid`: it can never receive mail). */
export const demoMemberEmail = (username: string): string => `${username}@demo.questline.invalid`;

/** Every section of a demo member in one PATCH (the same fields sign-up writes), plus the profile. */
function memberUpdates(
  uid: string,
  username: string,
  bio: string,
  developerGames: readonly string[] = [],
): Record<string, unknown> {
  const email = demoMemberEmail(username);
  return {
    ...planAccountSections({ uid, profileName: username, email, created: null, isOnboarded: true }),
    // A demo developer account: the same field-level paths as the default account's, set instead.
    ...(developerGames.length === 0
      ? {}
      : {
          ...userSectionNode(uid, 'readOnly').merge({ isDeveloper: true }),
          ...userSectionNode(uid, 'developer')
            .child('developerGames')
            .set(Object.fromEntries(developerGames.map((game) => [game, true] as const))),
        }),
    // Demo addresses count as verified: they are the project's own, under `.invalid`.
    [emailToIdPath(email)]: uid,
    // The username claim sign-up checks (worker/auth/register-account.ts), so no one signs up as a demo member.
    [usernameClaimPath(username)]: uid,
    [profilePath(uid)]: { sourceUUID: uid, brief: bio, details: '', disabled: false },
    // The text their page shows, kept in the public section as a profile change keeps it.
    ...userSectionNode(uid, 'public').child('profile').set({ brief: bio, details: '' }),
  };
}

export interface SeedMembersResult {
  users: number;
  follows: number;
  posts: number;
}

/**
 * Seeds the demo members: their users (and the default account every member follows), their follows
 * of games and users, and their posts (to the game's feed, or their own when no game is named).
 */
export async function seedMembers(
  db: RtdbClient,
  members: DemoMember[] = loadDemoData().members,
): Promise<SeedMembersResult> {
  const result: SeedMembersResult = { users: 0, follows: 0, posts: 0 };
  const followed: { uid: string; feed: FeedId }[] = [];
  const uidOf = new Map(members.map((m) => [m.username, demoMemberUid(m.username)] as const));

  const defaultAccount = await db.get(`${userSectionPath(DEFAULT_FOLLOWED_ACCOUNT_UID, 'public')}/username`);
  if (defaultAccount === null) {
    await db.patch(
      '',
      memberUpdates(DEFAULT_FOLLOWED_ACCOUNT_UID, 'questline', 'News and picks from the Questline team.'),
    );
    result.users++;
  }
  await db.patch(
    '',
    Object.assign(
      {},
      ...members.map((m) => memberUpdates(demoMemberUid(m.username), m.username, m.bio, m.developer_games)),
      // The demo's site editors: admin.auth set after the sections sign-up writes (which clear it).
      ...members
        .filter((m) => m.editor)
        .map((m) => userSectionNode(demoMemberUid(m.username), 'admin').merge({ auth: true })),
    ) as Record<string, unknown>,
  );
  result.users += members.length;

  const existingGames = new Set<string>();
  const allGames = new Set(
    members.flatMap((m) => [...m.games, ...m.posts.flatMap((p) => (p.game ? [p.game] : []))]),
  );
  await Promise.all(
    [...allGames].map(async (game) => {
      if ((await db.get(`${gamePath(game)}/name`)) !== null) existingGames.add(game);
    }),
  );

  for (const member of members) {
    const uid = demoMemberUid(member.username);
    const follows = [
      { type: 'user' as const, targetId: DEFAULT_FOLLOWED_ACCOUNT_UID },
      ...member.games
        .filter((g) => existingGames.has(g))
        .map((targetId) => ({ type: 'game' as const, targetId })),
      ...member.follows_users.flatMap((name) => {
        const targetId = uidOf.get(name);
        return targetId && targetId !== uid ? [{ type: 'user' as const, targetId }] : [];
      }),
    ];
    // One member's follows of members in parallel (different targets never share a gate); of games one
    // after another, so that the last works out the copy of them their page shows (racing follows of games
    // leave it to the follows index: shared/transitions/followed-copy.ts).
    const outcomes = await Promise.all(
      follows.filter((f) => f.type !== 'game').map((f) => commitFollow(db, { uid, ...f, follow: true })),
    );
    for (const f of follows.filter((g) => g.type === 'game'))
      outcomes.push(await commitFollow(db, { uid, ...f, follow: true }));
    result.follows += outcomes.filter((o) => o.changed).length;
    followed.push(...follows.map((f) => ({ uid, feed: feedIdOf(f.type, f.targetId) })));

    const existingPosts = await db.get(postsByUidPath(uid), { shallow: true });
    if (existingPosts !== null) continue;
    for (const post of member.posts) {
      const onGame = post.game !== undefined && existingGames.has(post.game);
      await commitNewPost(db, uid, {
        targetType: onGame ? 'game' : 'user',
        targetId: onGame && post.game ? post.game : uid,
        content: post.text,
        type: 'text',
      });
      result.posts++;
    }
  }
  // Home feeds are written when posts are (the Worker's queue): the demo's posts, written here without
  // it, go into their followers' home feeds as a follow brings a feed's recent posts in.
  for (const { uid, feed } of followed)
    await deliverHomeFeedMessage(db, { kind: 'feed-followed', uid, feed });
  return result;
}
