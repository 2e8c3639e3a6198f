import { z } from 'zod';
import { isGuestName } from '../auth/account-api.ts';
import { userSectionNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';

/** A new record's author's name: the one it stores, and the one a reader is shown. */
export interface AuthorName {
  /** Stored with the record (see storedAuthorName); null stores none. */
  stored: string | null;
  /** What feeds show beside it when none is stored: the username as it is now (a guest's `web-…` name). */
  shown: string | null;
}

/**
 * The name a new post or comment stores as its author's (`authorName`): the member's username, read from
 * their public section (never from the request or the token, which the member controls). A username is
 * set once, so the stored name stays right. None for a guest: its `web-…` name gives way to a username
 * when it signs up, and records have no index by author to rewrite them by, so readers read a guest's
 * name as it is then. None either when the section is missing or unreadable (the write goes on).
 */
export async function storedAuthorName(db: RtdbClient, uid: string): Promise<string | null> {
  return (await readAuthorName(db, uid)).stored;
}

/** The author's name as stored with a new record and as shown beside it (one read). */
export async function readAuthorName(db: RtdbClient, uid: string): Promise<AuthorName> {
  const name = await db
    .read(userSectionNode(uid, 'public').child('username').path, z.string().min(1))
    .catch((error: unknown) => {
      console.error(`Reading the name of ${uid} for a new record failed`, error);
      return null;
    });
  return { stored: name === null || isGuestName(name) ? null : name, shown: name };
}
