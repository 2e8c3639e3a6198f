// Which member a profile name belongs to, kept by the Worker between requests (runs only on the Worker:
// only the user page's loader imports it). A user page's address holds the profile name while everything
// of the member is kept by uid, so a page asked for cold spends a round of database reads finding the uid
// before it can read the rest. A username is set once and never changes hands while its member exists,
// so the answer can be kept: a page asked for again reads the member at once. The loader checks every
// kept answer against the public section it reads anyway (its username must be the profile name) and
// forgets it when they disagree or the member is gone.

import { BoundedMap } from '../../shared/bounded-map.ts';

/** Profile names kept per isolate: a bounded memory (a few hundred kilobytes at most). */
const KEPT_PROFILE_NAMES = 2_000;

const uidByProfileName = new BoundedMap<string, string>(KEPT_PROFILE_NAMES);

/** The uid kept for a profile name, if any. */
export function keptProfileUid(profileName: string): string | undefined {
  return uidByProfileName.get(profileName);
}

/** Keeps the uid a profile name was found to belong to; the name kept longest goes when full. */
export function keepProfileUid(profileName: string, uid: string): void {
  uidByProfileName.set(profileName, uid);
}

/** Forgets what was kept for a profile name (its member is gone, or the name is someone else's now). */
export function forgetProfileUid(profileName: string): void {
  uidByProfileName.delete(profileName);
}

/** Forgets every kept name: tests measuring a cold page start from here. */
export function forgetProfileUids(): void {
  uidByProfileName.clear();
}
