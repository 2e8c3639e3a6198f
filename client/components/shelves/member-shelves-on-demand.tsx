import { onDemand } from '../on-demand.tsx';

// A member's shelves on their profile stay out of the user page's first-load JavaScript, as the feed
// does; the page's loader loads them on the server (member-shelves.loader.ts; see on-demand.tsx).

const memberShelves = onDemand(
  'member-shelves',
  () => import('./member-shelves.tsx'),
  (module) => module.MemberShelves,
);

/** Loads the shelves' module once (the page's loader, so that the server renders them whole). */
export const loadMemberShelves = memberShelves.load;

/** A member's shelves on their profile (see member-shelves.tsx), its code loaded on demand. */
export const MemberShelves = memberShelves.Component;
