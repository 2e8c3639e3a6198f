// The member page copies job: gives every member's public section what a profile change and a change to
// their feed now keep there (shared/transitions/profile.ts, feed-activity.ts): the profile's text as their
// page shows it (`users/{uid}/public/profile`, empty while hidden) and their feed's activity time
// (`users/{uid}/public/feedActivity`), so that the member's page reads neither the profile nor the
// activity time. Run it once when deploying the copies (`npm run job -- member-page-copies`); safe to
// repeat: a copy already there is left alone, so a second run writes nothing. Until it has run, the page
// reads the profile of a member without the copy, and shows their feed as of an unknown time (an open
// page re-reads it once).
//
// Members keep changing their profiles and feeds while it runs. Each copy is put only while its place is
// still empty (read with its ETag, written if unchanged), so a copy written by a change meanwhile, which is
// newer than what the job read, is never overwritten.
//
// It also gives each member the copy of their newest shelved games (`users/{uid}/public/shelved`,
// shared/schemas/shelved-copy.ts) where there is none or where it no longer matches their shelf index (two
// shelf changes raced): the copy's place is read with its ETag, then the index, and the copy worked out
// from them put only if the place is unchanged, so a shelf change landing meanwhile (which moves the copy's
// `changes`) makes the job leave it to that change. A copy that matches is left alone.
//
// And, the same way, the copy of the games they follow (`users/{uid}/public/followedGames`,
// shared/schemas/followed-copy.ts): the summary places naming the games it will hold (`member-page:{uid}`)
// are written first, so that a game's change landing meanwhile reaches the copy (a place named for a copy
// that then is not put only writes a summary no reader shows), then the copy, conditional on its ETag.

import { z } from 'zod';
import { feedActivityPath, followedCopyPath, ROOTS, userSectionPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { feedIdOf } from '../schemas/feed-id.ts';
import { shelvedCopySchema } from '../schemas/shelved-copy.ts';
import { readProfileText, shownProfileText } from '../transitions/profile.ts';
import { newestInIndex, shelvedCopyOf } from '../transitions/shelved-copy.ts';
import { followedCopySchema } from '../schemas/followed-copy.ts';
import { followedCopyOf, newestFollowedForCopy } from '../transitions/followed-copy.ts';
import type { Job, JobContext } from './job.ts';
import { childPages, inBatches } from './paged-reads.ts';

/** Members (entries of `users_public`, small) read per page. */
const MEMBERS_PER_PAGE = 200;

const usernameSchema = z.string().min(1);

/** Puts `value` at `path` if nothing is there, as long as nothing is written there meanwhile. */
async function putIfEmpty(db: RtdbClient, path: string, value: () => Promise<unknown>): Promise<boolean> {
  const { value: present, etag } = await db.getTagged(path);
  if (present !== null) return false;
  const copy = await value();
  if (copy === null) return false;
  return db.putIfUnchanged(path, copy, etag);
}

/**
 * Puts a copy of the newest games of one of the member's indexes at `path` (shared/transitions/
 * newest-copy.ts) unless one there matches the index (`schema`: the copy as its readers take it), worked
 * out by `workOut` from the index read after the place's ETag and `changes` as the place had it; only while
 * nothing is written there meanwhile.
 */
async function putNewestCopy(
  db: RtdbClient,
  path: string,
  schema: z.ZodType<{ changes: number; basis: number }>,
  workOut: (changes: number) => Promise<unknown>,
): Promise<boolean> {
  const { value, etag } = await db.getTagged(path);
  const copy = schema.safeParse(value);
  if (value !== null && copy.success && copy.data.changes === copy.data.basis) return false;
  return db.putIfUnchanged(path, await workOut(copy.success ? copy.data.changes : 0), etag);
}

interface MemberCopies {
  profile: boolean;
  activity: boolean;
  shelved: boolean;
  followed: boolean;
}

/** The copies one member lacks, written; answers which were. */
async function copyForMember(db: RtdbClient, uid: string): Promise<MemberCopies> {
  // A member removed since the page of `users_public` was read gets no public section back.
  const section = userSectionPath(uid, 'public');
  if ((await db.read(`${section}/username`, usernameSchema)) === null)
    return { profile: false, activity: false, shelved: false, followed: false };
  const [profile, activity, shelved, followed] = await Promise.all([
    putIfEmpty(db, `${section}/profile`, async () => {
      const text = await readProfileText(db, uid);
      return shownProfileText(text ?? { brief: '', details: '', disabled: false });
    }),
    putIfEmpty(db, `${section}/feedActivity`, () =>
      db.read(feedActivityPath(feedIdOf('user', uid)), z.number()),
    ),
    putNewestCopy(db, `${section}/shelved`, shelvedCopySchema, async (changes) =>
      shelvedCopyOf(await newestInIndex(db, uid), changes),
    ),
    // The summary places naming the games the copy will hold first (see the top of this file).
    putNewestCopy(db, followedCopyPath(uid), followedCopySchema, async (changes) => {
      const { copy, places } = followedCopyOf(uid, await newestFollowedForCopy(db, uid), changes);
      if (Object.keys(places).length > 0) await db.patch('', places);
      return copy;
    }),
  ]);
  return { profile, activity, shelved, followed };
}

/** Gives every member the copies their page reads; answers how many of each were written. */
export async function fillMemberPageCopies(
  context: Pick<JobContext, 'db' | 'log'>,
): Promise<{ profiles: number; activities: number; shelves: number; followed: number }> {
  const { db, log } = context;
  const filled = { profiles: 0, activities: 0, shelves: 0, followed: 0 };
  for await (const page of childPages(db, ROOTS.usersPublic, MEMBERS_PER_PAGE)) {
    const written = await inBatches(page, ([uid]) => copyForMember(db, uid));
    filled.profiles += written.filter((w) => w.profile).length;
    filled.activities += written.filter((w) => w.activity).length;
    filled.shelves += written.filter((w) => w.shelved).length;
    filled.followed += written.filter((w) => w.followed).length;
    log(
      `members: ${String(filled.profiles)} profile texts, ${String(filled.activities)} feed times, ${String(filled.shelves)} newest shelved games and ${String(filled.followed)} followed games copied`,
    );
  }
  return filled;
}

export const memberPageCopiesJob: Job = {
  description:
    'copies each member’s profile text, feed activity time, newest shelved games and followed games into their public section (safe to repeat)',
  async run(context) {
    const { profiles, activities, shelves, followed } = await fillMemberPageCopies(context);
    return `${profiles.toLocaleString('en')} profile texts, ${activities.toLocaleString('en')} feed activity times, ${followed.toLocaleString('en')} members' followed games and ${shelves.toLocaleString('en')} members' newest shelved games copied`;
  },
};
