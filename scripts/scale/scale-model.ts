import { FANOUT_PAGE, HOME_FEED_CAP, PULLED_FEED_FOLLOWERS } from '../../shared/feed/home-feed-fanout.ts';

// Questline at a million members, by simulation: a population that follows as people do (most members
// follow dozens of feeds, a few thousands; a few feeds have hundreds of thousands of followers), and the
// per-operation costs the code has today (a post fanned out to its followers in pages of FANOUT_PAGE, a
// feed past PULLED_FEED_FOLLOWERS merged at read instead, a home-feed page in at most 6 requests, a fresh
// page render in at most 4 reads), turned into what one database instance would carry at peak, against
// the Realtime Database's published limits (https://firebase.google.com/docs/database/usage/limits).
// Everything is seeded: the same inputs give the same figures (scripts/scale/scale-model.test.ts).

/** The Realtime Database's published limits for one instance. */
export const RTDB_LIMITS = {
  /** Simultaneous connections (a browser tab streaming, a server). */
  connections: 200_000,
  /** Write operations a second, sustained (a multi-path PATCH is one). */
  writesPerSecond: 1_000,
  /** Responses a second (reads and broadcasts), sustained. */
  responsesPerSecond: 100_000,
  /** One response's size. */
  responseBytes: 256 * 1024 * 1024,
} as const;

/** What one operation costs the database today, from the code and the bench (README "Measured"). */
export const OPERATION_COSTS = {
  /** A home-feed page: at most 6 requests in at most 2 rounds, whatever the member follows. */
  homeFeedPageRequests: 6,
  /** A public page rendered afresh: at most 4 reads (records or queries). */
  freshPageReads: 4,
  /** A post's own commit: its reads (target, block, developer flag, author) and one PATCH. */
  postReads: 4,
  postWrites: 1,
  /** One fan-out message: one query of a page of followers and one PATCH of that many inbox entries. */
  fanoutMessageReads: 1,
  fanoutMessageWrites: 1,
  /** A follow, a like, a shelf: its reads in one round, the gate's PUT and one PATCH. */
  actReads: 3,
  actWrites: 2,
} as const;

/** How members behave, a day (assumptions, stated in the README's "At scale"). */
export interface Activity {
  /** Share of members active on a day. */
  dailyActive: number;
  /** Posts a day by an active member. */
  postsPerActive: number;
  /** Home-feed pages a day by an active member. */
  homePagesPerActive: number;
  /** Public pages a day by an active member, and visitors' pages per member. */
  pagesPerActive: number;
  /** Follows, likes, shelves and answers a day by an active member. */
  actsPerActive: number;
  /** Share of page requests answered from the edge cache (no database read). */
  edgeHitRatio: number;
  /** Share of members online at the busiest moment (each with a live feed stream open). */
  peakOnline: number;
  /** The busiest hour against the day's average hour. */
  peakFactor: number;
}

export const DEFAULT_ACTIVITY: Activity = {
  dailyActive: 0.2,
  postsPerActive: 0.5,
  homePagesPerActive: 6,
  pagesPerActive: 20,
  actsPerActive: 10,
  edgeHitRatio: 0.8,
  peakOnline: 0.02,
  peakFactor: 3,
};

/** A seeded pseudo-random source (mulberry32): the same seed, the same population. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Population {
  members: number;
  /** Feeds members follow: games, events and members; index 0 is the default account everyone follows. */
  feeds: number;
  /** Followers of each feed. */
  followers: Uint32Array;
  /** Follows of each member, summed. */
  follows: number;
  /** Members following more than 1,000 feeds. */
  heavyFollowers: number;
}

/**
 * Members following feeds: each member's count drawn from a log-normal (median `medianFollows`, most
 * dozens, a few thousands, at most `maxFollows`), each follow a feed drawn by popularity (Zipf: the r-th
 * feed is followed in proportion to 1/r^`skew`), and everyone following the default account.
 */
export function simulatePopulation(
  members: number,
  {
    feeds = Math.max(20_000, members),
    medianFollows = 25,
    spread = 1.2,
    maxFollows = 20_000,
    skew = 1.05,
    seed = 1,
  } = {},
): Population {
  const random = seeded(seed);
  // The cumulative popularity of feeds 1..feeds-1 (0 is the default account), for drawing by binary search.
  const cumulative = new Float64Array(feeds);
  for (let rank = 1; rank < feeds; rank++) cumulative[rank] = (cumulative[rank - 1] ?? 0) + 1 / rank ** skew;
  const total = cumulative[feeds - 1] ?? 1;
  const followers = new Uint32Array(feeds);
  let follows = 0;
  let heavyFollowers = 0;
  for (let member = 0; member < members; member++) {
    // Box–Muller: a standard normal from two uniforms.
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const count = Math.min(maxFollows, Math.max(1, Math.round(medianFollows * Math.exp(spread * normal))));
    if (count > 1_000) heavyFollowers++;
    followers[0] = (followers[0] ?? 0) + 1;
    follows += 1;
    // A member follows a feed once: a draw of a feed already followed is drawn again (a few times at most,
    // for the heaviest followers among the most popular feeds).
    const followed = new Set<number>();
    for (let follow = 1; follow < count; follow++) {
      for (let attempt = 0; attempt < 8; attempt++) {
        const target = random() * total;
        let low = 1;
        let high = feeds - 1;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if ((cumulative[middle] ?? 0) < target) low = middle + 1;
          else high = middle;
        }
        if (followed.has(low)) continue;
        followed.add(low);
        followers[low] = (followers[low] ?? 0) + 1;
        follows += 1;
        break;
      }
    }
  }
  return { members, feeds, followers, follows, heavyFollowers };
}

export interface ScaleFigures {
  members: number;
  follows: number;
  heavyFollowers: number;
  largestFeed: number;
  feedsPulled: number;
  /** A day's posts, and the inbox entries and messages their fan-out writes. */
  postsPerDay: number;
  inboxEntriesPerDay: number;
  fanoutMessagesPerDay: number;
  /** At the busiest hour. */
  peakWritesPerSecond: number;
  peakReadsPerSecond: number;
  peakConnections: number;
  /** Inbox entries written a second at the busiest hour (paths of the fan-out's PATCHes). */
  peakInboxPathsPerSecond: number;
  /** What the home feeds hold: entries kept (capped) and their size. */
  inboxEntriesKept: number;
  inboxBytes: number;
}

/** Bytes an inbox entry takes in the database: a push id key and a 13-digit time, with JSON's framing. */
const INBOX_ENTRY_BYTES = 40;

/**
 * The figures at the busiest hour for `population` behaving as `activity`: posts land on feeds in
 * proportion to how many follow them (busy feeds post more), each fanned out to its followers unless it
 * is pulled. Reads and writes a second count database operations (a PATCH of many paths is one write).
 */
export function scaleFigures(population: Population, activity: Activity = DEFAULT_ACTIVITY): ScaleFigures {
  const { members, followers, follows } = population;
  const active = members * activity.dailyActive;
  const postsPerDay = active * activity.postsPerActive;
  // A post's feed drawn as followers are: the expected fan-out of a post is Σ f² / Σ f over fanned feeds.
  let fanoutWeight = 0;
  let messageWeight = 0;
  let feedsPulled = 0;
  let largestFeed = 0;
  for (const count of followers) {
    largestFeed = Math.max(largestFeed, count);
    if (count > PULLED_FEED_FOLLOWERS) {
      feedsPulled++;
      continue;
    }
    fanoutWeight += count * count;
    messageWeight += count * Math.ceil(count / FANOUT_PAGE);
  }
  const inboxEntriesPerDay = (postsPerDay * fanoutWeight) / follows;
  const fanoutMessagesPerDay = (postsPerDay * messageWeight) / follows;
  const perPeakSecond = activity.peakFactor / 86_400;
  const actsPerDay = active * activity.actsPerActive;
  const writesPerDay =
    postsPerDay * OPERATION_COSTS.postWrites +
    fanoutMessagesPerDay * OPERATION_COSTS.fanoutMessageWrites +
    actsPerDay * OPERATION_COSTS.actWrites;
  const readsPerDay =
    active * activity.homePagesPerActive * OPERATION_COSTS.homeFeedPageRequests +
    active * activity.pagesPerActive * (1 - activity.edgeHitRatio) * OPERATION_COSTS.freshPageReads +
    postsPerDay * OPERATION_COSTS.postReads +
    fanoutMessagesPerDay * OPERATION_COSTS.fanoutMessageReads +
    actsPerDay * OPERATION_COSTS.actReads;
  // Each member's inbox holds what their fanned feeds posted, up to the cap.
  const entriesPerMemberPerDay = inboxEntriesPerDay / members;
  const inboxEntriesKept = members * Math.min(HOME_FEED_CAP, entriesPerMemberPerDay * 30);
  return {
    members,
    follows,
    heavyFollowers: population.heavyFollowers,
    largestFeed,
    feedsPulled,
    postsPerDay,
    inboxEntriesPerDay,
    fanoutMessagesPerDay,
    peakWritesPerSecond: writesPerDay * perPeakSecond,
    peakReadsPerSecond: readsPerDay * perPeakSecond,
    peakConnections: members * activity.peakOnline,
    peakInboxPathsPerSecond: inboxEntriesPerDay * perPeakSecond,
    inboxEntriesKept,
    inboxBytes: inboxEntriesKept * INBOX_ENTRY_BYTES,
  };
}
