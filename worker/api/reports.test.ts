import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type {
  NotificationsPage,
  ReportNotificationItem,
} from '../../shared/notifications/read-notifications.ts';
import type { OpenReportedItem } from '../../shared/reports/read-open-reports.ts';
import type { reportOutcomeAnswerSchema, reportsHandledSchema } from '../../shared/schemas/report.ts';
import { commitNewComment, commitNewPost } from '../../shared/transitions/post.ts';
import { createApp } from '../app.ts';
import { unsignedEmulatorToken } from '../auth/id-token-test-keys.ts';
import { apiCaller, type ApiCallInit } from '../test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';
import type { ApiErrorBody } from '../../shared/errors.ts';

// Reports (issue 21 point 7) in workerd against the database emulator: a member reports a post, a
// comment or a member once; only editors see the queue and act on it (remove, dismiss, stop from
// posting); each reporter is told; a member stopped from posting is refused until the time passes.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);

/** The Worker's clock, fixed: a posting block's end is decided by it, never by the wall clock. */
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const appAt = (at: number) => apiCaller(env, createApp({ clock: () => at }));
const callNow = appAt(NOW);

/**
 * A member's request at `at`: their token issued then, as the Worker's clock sees it. The Worker passes the
 * same token on to the database emulator, which checks its expiry against its own clock, the machine's; so
 * the token lasts an hour past whichever is later, and the test passes on any day, not only before `NOW`'s
 * hour is over.
 */
function as(uid: string | null, init: Omit<ApiCallInit, 'uid' | 'token'> = {}, at = NOW): ApiCallInit {
  if (uid === null) return init;
  const exp = Math.floor(Math.max(at, Date.now()) / 1000) + 3600;
  const claims = { firebase: { sign_in_provider: 'password', identities: {} }, exp };
  return { ...init, token: unsignedEmulatorToken(uid, claims, at) };
}
const call = (path: string, uid: string | null, init: Omit<ApiCallInit, 'uid' | 'token'> = {}) =>
  callNow(path, as(uid, init));

type ReportAnswer = z.infer<typeof reportOutcomeAnswerSchema>;
type ActionAnswer = z.infer<typeof reportsHandledSchema>;

const EDNA = 'rep-edna'; // an editor
const ANA = 'rep-ana'; // reports
const BEN = 'rep-ben'; // reports too
const TROLL = 'rep-troll'; // is reported
const MO = 'rep-mo'; // a member, not an editor
let trollPost: string;
let trollComment: string;
let keptPost: string;

const report = (uid: string | null, json: unknown) => call('/api/reports', uid, { method: 'POST', json });
const queue = async (uid = EDNA): Promise<OpenReportedItem[]> => {
  const response = await call('/api/editor/reports', uid);
  expect(response.status).toBe(200);
  return (await response.json<{ reports: OpenReportedItem[] }>()).reports;
};
const act = (uid: string, kind: string, itemId: string, json: unknown) =>
  call(`/api/editor/reports/${kind}/${itemId}`, uid, { method: 'POST', json });
const reportNotices = async (uid: string): Promise<ReportNotificationItem[]> => {
  const response = await call('/api/notifications', uid);
  expect(response.status).toBe(200);
  const page = await response.json<NotificationsPage>();
  return page.notifications.filter((item): item is ReportNotificationItem => item.kind === 'report');
};

beforeAll(async () => {
  await db.patch('', {
    'games/hades': testGame('hades', 'Hades', 10),
    [`users/${EDNA}/public`]: { uuid: EDNA, username: 'edna_edits', follows: 0 },
    [`users/${EDNA}/admin/auth`]: true,
    [`users/${ANA}/public`]: { uuid: ANA, username: 'ana_reports', follows: 0 },
    [`users/${BEN}/public`]: { uuid: BEN, username: 'ben_reports', follows: 0 },
    [`users/${TROLL}/public`]: { uuid: TROLL, username: 'troll_posts', follows: 0 },
    [`profiles/${TROLL}/brief`]: 'The official Questline team',
    [`users/${MO}/public`]: { uuid: MO, username: 'mo_member', follows: 0 },
  });
  trollPost = await commitNewPost(db, TROLL, {
    targetType: 'game',
    targetId: 'hades',
    content: 'Buy cheap gold at scam.example',
    type: 'text',
  });
  keptPost = await commitNewPost(db, TROLL, {
    targetType: 'user',
    targetId: TROLL,
    content: 'An ordinary post',
    type: 'text',
  });
  trollComment = await commitNewComment(db, TROLL, keptPost, 'A rude comment');
});

describe('reporting', () => {
  it('answers 401 to a visitor and stores nothing', async () => {
    const response = await report(null, { kind: 'post', itemId: trollPost, reason: 'spam' });
    expect(response.status).toBe(401);
    expect(await db.get('reports')).toBeNull();
  });

  it('refuses a malformed or huge body with 400, and an item that does not exist with 404', async () => {
    const refused = [
      { kind: 'game', itemId: 'hades', reason: 'spam' },
      { kind: 'post', itemId: '../users', reason: 'spam' },
      { kind: 'post', itemId: trollPost, reason: 'boredom' },
      { kind: 'post', itemId: trollPost },
      { kind: 'post', itemId: trollPost, reason: 'other', words: 'x'.repeat(501) },
      { kind: 'post', itemId: trollPost, reason: 'other', words: 42 },
      'spam',
      null,
    ];
    for (const json of refused) {
      const response = await report(ANA, json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect((await response.json<ApiErrorBody>()).error.code).toBe('invalid-input');
    }
    const notJson = await callNow('/api/reports', {
      ...as(ANA, { method: 'POST' }),
    });
    expect(notJson.status).toBe(400);
    const tooLarge = await report(ANA, {
      kind: 'post',
      itemId: trollPost,
      reason: 'other',
      words: 'x'.repeat(20_000),
    });
    expect(tooLarge.status).toBe(413);
    for (const kind of ['post', 'comment', 'user']) {
      const missing = await report(ANA, { kind, itemId: 'no-such-item', reason: 'spam' });
      expect(missing.status, kind).toBe(404);
      expect((await missing.json<ApiErrorBody>()).error.code).toBe('not-found');
    }
    expect(await db.get('reports')).toBeNull();
    expect(await db.get('reports_open')).toBeNull();
  });

  it('refuses to report what the member wrote, or themself', async () => {
    expect((await report(TROLL, { kind: 'post', itemId: trollPost, reason: 'spam' })).status).toBe(400);
    expect((await report(TROLL, { kind: 'user', itemId: TROLL, reason: 'spam' })).status).toBe(400);
    expect(await db.get('reports')).toBeNull();
  });

  it('stores a report under the caller’s own uid, whatever reporter the body names', async () => {
    const response = await report(ANA, {
      kind: 'post',
      itemId: trollPost,
      reason: 'spam',
      words: '  Selling gold.  ',
      reporterUUID: BEN,
      uid: BEN,
    });
    expect(response.status).toBe(201);
    expect(await response.json<ReportAnswer>()).toEqual({
      created: true,
      report: { reason: 'spam', words: 'Selling gold.', timestamp: NOW },
    });
    const stored = (await db.get(`reports/post:${trollPost}`)) as Record<string, { timestamp: unknown }>;
    expect(Object.keys(stored)).toEqual([ANA]);
    expect(stored[ANA]).toMatchObject({ reason: 'spam', words: 'Selling gold.' });
    expect(typeof stored[ANA]?.timestamp).toBe('number');
  });

  it('makes one report per member and item: a repeat answers the first, and a race leaves one', async () => {
    const again = await report(ANA, { kind: 'post', itemId: trollPost, reason: 'violence' });
    expect(again.status).toBe(200);
    const answer = await again.json<ReportAnswer>();
    expect(answer.created).toBe(false);
    expect(answer.report).toMatchObject({ reason: 'spam', words: 'Selling gold.' });

    // Five at once, each in other words: one makes the report, the four others answer that one.
    const race = await Promise.all(
      ['one', 'two', 'three', 'four', 'five'].map((words) =>
        report(BEN, { kind: 'post', itemId: trollPost, reason: 'spam', words }),
      ),
    );
    expect(race.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const answers = await Promise.all(race.map((response) => response.json<ReportAnswer>()));
    expect(answers.filter((answer) => answer.created)).toHaveLength(1);
    const stored = (await db.get(`reports/post:${trollPost}`)) as Record<string, { words?: string }>;
    expect(Object.keys(stored).sort()).toEqual([ANA, BEN].sort());
    for (const answer of answers) expect(answer.report.words).toBe(stored[BEN]?.words);
    expect(Object.keys((await db.get(`reports_pending/post:${trollPost}`)) as object).sort()).toEqual(
      [ANA, BEN].sort(),
    );
  });
});

describe('reporting, often', () => {
  it(
    'counts against the member’s write limit: past it, 429 with Retry-After, and nothing more is stored',
    { timeout: 60_000 },
    async () => {
      /** wrangler.toml's MEMBER_WRITES_LIMITER (the same locally as in production). */
      const MEMBER_WRITES_PER_MINUTE = 120;
      const FLOODER = 'rep-flood';
      await db.patch('', {
        [`users/${FLOODER}/public`]: { uuid: FLOODER, username: 'flood_reports', follows: 0 },
      });
      // Miniflare counts in windows aligned to the clock's minutes: the burst starts with enough of one left.
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 250));
      const json = { kind: 'comment', itemId: trollComment, reason: 'spam' };
      for (let sent = 0; sent < MEMBER_WRITES_PER_MINUTE; sent += 10) {
        const answers = await Promise.all(Array.from({ length: 10 }, () => report(FLOODER, json)));
        for (const answer of answers) {
          expect([200, 201]).toContain(answer.status);
          await answer.body?.cancel();
        }
      }
      const refused = await report(FLOODER, { kind: 'user', itemId: TROLL, reason: 'spam' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe('60');
      expect((await refused.json<ApiErrorBody>()).error.code).toBe('too-many-requests');
      expect(await db.get(`reports/user:${TROLL}/${FLOODER}`)).toBeNull();
      // The one report made stays one.
      expect(Object.keys((await db.get(`reports/comment:${trollComment}`)) as object)).toContain(FLOODER);
    },
  );
});

describe('the editors’ reports', () => {
  it('are read and acted on by no member who is not an editor (403), and by no visitor (401)', async () => {
    expect((await call('/api/editor/reports', MO)).status).toBe(403);
    expect((await call('/api/editor/reports', ANA)).status).toBe(403);
    expect((await call('/api/editor/reports', null)).status).toBe(401);
    const removal = await act(MO, 'post', trollPost, { action: 'remove' });
    expect(removal.status).toBe(403);
    expect((await removal.json<ApiErrorBody>()).error.code).toBe('forbidden');
    expect((await act(ANA, 'user', TROLL, { action: 'block', days: 30 })).status).toBe(403);
    expect(await db.get(`posts/${trollPost}/content`)).toBe('Buy cheap gold at scam.example');
    expect(await db.get(`users/${TROLL}/admin/postingBlockedUntil`)).toBeNull();
    expect(await db.get(`reports_open/post:${trollPost}`)).not.toBeNull();
  });

  it('list reported items newest report first, each in context with its reports', async () => {
    expect((await report(BEN, { kind: 'comment', itemId: trollComment, reason: 'harassment' })).status).toBe(
      201,
    );
    const items = await queue();
    expect(items.map((item) => [item.kind, item.itemId])).toEqual([
      ['comment', trollComment],
      ['post', trollPost],
    ]);
    const post = items[1];
    expect(post?.item).toEqual({
      text: 'Buy cheap gold at scam.example',
      author: { uid: TROLL, username: 'troll_posts' },
      place: 'on the game Hades',
      link: `/game/hades#post-${trollPost}`,
    });
    expect(post?.reports.map((r) => [r.reporter.username, r.reason]).sort()).toEqual([
      ['ana_reports', 'spam'],
      ['ben_reports', 'spam'],
    ]);
    expect(items[0]?.item).toMatchObject({
      text: 'A rude comment',
      place: 'a comment on troll_posts’s page',
      link: `/user/troll_posts#post-${keptPost}`,
    });
    expect((await act(EDNA, 'post', trollPost, { action: 'shout' })).status).toBe(400);
    expect((await act(EDNA, 'post', trollPost, { action: 'block', days: 365 })).status).toBe(400);
    expect((await act(EDNA, 'user', TROLL, { action: 'remove' })).status).toBe(400);
    expect((await act(EDNA, 'post', 'never-reported', { action: 'dismiss' })).status).toBe(404);
  });

  it('remove the post the way its author’s delete does, and tell every reporter once', async () => {
    const response = await act(EDNA, 'post', trollPost, { action: 'remove' });
    expect(response.status).toBe(200);
    expect(await response.json<ActionAnswer>()).toEqual({
      kind: 'post',
      itemId: trollPost,
      outcome: 'removed',
      resolved: 2,
      blockedUntil: null,
    });
    expect(await db.get(`posts/${trollPost}`)).toBeNull();
    expect(await db.get(`posts_by_uid/${TROLL}/${trollPost}`)).toBeNull();
    const feed = (await callNow('/api/posts?targetType=game&targetId=hades', {})).json<{
      posts: { uuid: string }[];
    }>();
    expect((await feed).posts.map((p) => p.uuid)).not.toContain(trollPost);
    for (const reporter of [ANA, BEN]) {
      const notices = await reportNotices(reporter);
      expect(notices, reporter).toEqual([
        expect.objectContaining({
          kind: 'report',
          subject: 'post',
          outcome: 'removed',
          excerpt: 'Buy cheap gold at scam.example',
        }),
      ]);
    }
    expect((await queue()).map((item) => item.kind)).toEqual(['comment']);
    // The post is gone: a repeat finds nothing to report, and the handled report stays as it was.
    const repeat = await report(ANA, { kind: 'post', itemId: trollPost, reason: 'spam' });
    expect(repeat.status).toBe(404);
    expect(await db.get(`reports/post:${trollPost}/${ANA}/outcome`)).toBe('removed');
  });

  it('dismiss a report: the comment stays, its reporter hears no action was needed', async () => {
    const response = await act(EDNA, 'comment', trollComment, { action: 'dismiss' });
    expect(response.status).toBe(200);
    expect((await response.json<ActionAnswer>()).outcome).toBe('dismissed');
    expect(await db.get(`comments/${trollComment}/content`)).toBe('A rude comment');
    expect((await reportNotices(BEN)).map((n) => [n.subject, n.outcome])).toEqual([
      ['comment', 'dismissed'],
      ['post', 'removed'],
    ]);
    expect(await queue()).toEqual([]);
    const repeat = await report(BEN, { kind: 'comment', itemId: trollComment, reason: 'spam' });
    expect(repeat.status).toBe(200);
    expect((await repeat.json<ReportAnswer>()).report).toMatchObject({ outcome: 'dismissed' });
    expect(await queue()).toEqual([]);
  });
});

describe('a posting block', () => {
  it('stops the reported member from posting and commenting until it ends, with a sentence saying when', async () => {
    expect((await report(ANA, { kind: 'user', itemId: TROLL, reason: 'impersonation' })).status).toBe(201);
    const [member] = await queue();
    // A member in context: their brief, their name, their page.
    expect(member?.item).toEqual({
      text: 'The official Questline team',
      author: { uid: TROLL, username: 'troll_posts' },
      place: 'their member page',
      link: '/user/troll_posts',
    });
    const response = await act(EDNA, 'user', TROLL, { action: 'block', days: 7 });
    expect(response.status).toBe(200);
    const until = NOW + 7 * DAY;
    expect(await response.json<ActionAnswer>()).toMatchObject({ outcome: 'blocked', blockedUntil: until });
    expect(await db.get(`users/${TROLL}/admin/postingBlockedUntil`)).toBe(until);
    expect((await reportNotices(ANA))[0]).toMatchObject({
      subject: 'user',
      outcome: 'blocked',
      excerpt: 'troll_posts',
    });

    const post = { targetType: 'user', targetId: TROLL, content: 'Still here', type: 'text' };
    const refusedPost = await call('/api/posts', TROLL, { method: 'POST', json: post });
    expect(refusedPost.status).toBe(403);
    expect(await refusedPost.json<ApiErrorBody>()).toEqual({
      error: {
        code: 'posting-blocked',
        message:
          'An editor has stopped this account from posting and commenting until 2026-12-05 at 12:00 UTC.',
      },
    });
    const refusedComment = await call(`/api/comments/posts/${keptPost}`, TROLL, {
      method: 'POST',
      json: { content: 'Still here' },
    });
    expect(refusedComment.status).toBe(403);
    expect((await refusedComment.json<ApiErrorBody>()).error.code).toBe('posting-blocked');
    expect(Object.keys((await db.get(`posts_by_uid/${TROLL}`)) as object)).toEqual([keptPost]);

    // Others still post; and once the block has ended, so does the member.
    expect((await call('/api/posts', ANA, { method: 'POST', json: { ...post, targetId: ANA } })).status).toBe(
      201,
    );
    const later = NOW + 7 * DAY + 1;
    const after = await appAt(later)('/api/posts', as(TROLL, { method: 'POST', json: post }, later));
    expect(after.status).toBe(201);
  });
});
