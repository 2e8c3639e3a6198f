import { z } from 'zod';
import { readRecord } from '../../shared/records/read-records.ts';
import { PROFILE } from '../../shared/records/record-kinds.ts';
import { userSectionNode } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { profileAnswerSchema } from '../../shared/schemas/api-answers.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { profileUpdateRequestSchema, type Profile } from '../../shared/schemas/profile.ts';
import { withRecordMeta } from '../../shared/schemas/record-meta.ts';
import { apiError, databaseUnavailable } from '../api-error.ts';
import { commitProfileUpdate } from '../../shared/transitions/profile.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';
import { ANA, POSTED_AT } from './route-examples.ts';
import { apiRoutes, jsonAnswer, jsonBody, memberWriteRoute, publicRoute } from './route-definition.ts';
import { notFound } from './route-failures.ts';

const uidParams = z.object({
  uid: recordIdSchema.meta({ description: 'The member’s uid.', example: ANA }),
});

const exampleProfile = {
  sourceUUID: ANA,
  brief: 'One more run. Always one more run.',
  details: 'Roguelites, deckbuilders, and anything with a daily seed.',
  header: 'https://images.example.com/ana-header.png',
  disabled: false,
  modified: POSTED_AT,
  uuid: ANA,
  root: 'profiles',
  type: 'profile',
};

const profileOfMember = publicRoute({
  method: 'get',
  path: '/{uid}',
  tags: ['Profiles'],
  summary: 'A member’s profile',
  description:
    'Public. A member who has not written one yet has an empty one (no `modified`); a member who ' +
    'disabled theirs, or a `uid` that is no member, is not found.',
  request: { params: uidParams },
  responses: { 200: jsonAnswer(profileAnswerSchema, 'The profile.', { profile: exampleProfile }) },
  refusals: [
    {
      ...notFound('profile', 'No such profile.'),
      when: 'No member has this `uid`, or the member disabled their profile.',
    },
  ],
});

const profileChange = memberWriteRoute({
  method: 'patch',
  path: '/{uid}',
  tags: ['Profiles'],
  summary: 'Change one’s own profile',
  description:
    'Only the fields given change: `brief` (at most 160 characters), `details` (at most 2,000), `header` ' +
    '(an https address) and `disabled` (hides the profile).',
  request: {
    params: uidParams,
    body: jsonBody(profileUpdateRequestSchema, { brief: 'One more run. Always one more run.' }),
  },
  responses: {
    200: jsonAnswer(profileAnswerSchema, 'The profile after the change.', {
      profile: {
        sourceUUID: ANA,
        brief: 'One more run. Always one more run.',
        details: '',
        disabled: false,
        modified: POSTED_AT,
        uuid: ANA,
        root: 'profiles',
        type: 'profile',
      },
    }),
  },
  refusals: [
    {
      status: 403,
      code: 'forbidden',
      when: '`uid` is not the caller’s.',
      message: 'You can only change your own profile.',
    },
  ],
});

/**
 * The profile of a member who has not written one yet: empty, as their page shows it. Answered instead
 * of a 404 so that their own settings, which read it on every visit to /browse, ask for nothing that
 * fails (the browser would log each failure).
 */
async function emptyProfileOfMember(db: RtdbClient, uid: string): Promise<Profile | null> {
  const username = await db.read(userSectionNode(uid, 'public').child('username').path, z.string());
  if (!username) return null;
  const empty = PROFILE.schema.parse({ sourceUUID: uid });
  return withRecordMeta(empty, { uuid: uid, root: PROFILE.root, type: PROFILE.type });
}

/**
 * Profiles: anyone reads one (a member without one has an empty one; a disabled one, or a uid that is no
 * member, is not found); only its owner changes it (PATCH).
 */
export const profilesApi = apiRoutes()
  .openapi(profileOfMember, async (c) => {
    const { uid } = c.req.valid('param');
    const db = c.var.database.server;
    const stored = await readRecord(db, PROFILE, uid);
    const profile = stored ?? (await emptyProfileOfMember(db, uid));
    if (!profile || profile.disabled) throw apiError(404, 'not-found', { message: 'No such profile.' });
    return c.json({ profile }, 200);
  })
  .openapi(profileChange, async (c) => {
    const { uid } = c.req.valid('param');
    const user = c.var.user;
    if (uid !== user.uid)
      throw apiError(403, 'forbidden', { message: 'You can only change your own profile.' });
    await commitProfileUpdate(c.var.database.server, uid, c.req.valid('json'));
    const profile = await readRecord(c.var.database.server, PROFILE, uid);
    if (!profile) throw databaseUnavailable(`profile ${uid} unreadable right after its update`);
    // The member's page shows the profile: its edge copy goes, so the next view has the change.
    purgeFeedPage(c, { feed: { type: 'user', id: uid } });
    return c.json({ profile }, 200);
  });
