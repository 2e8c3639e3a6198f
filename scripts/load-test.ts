// A bounded load test on this machine's loopback: the Worker in workerd (scripts/stack/workerd-stack.ts)
// with the demo data, sent a fixed rate of requests for a fixed time — public pages (home, game, user,
// event, list, search, a page's data for a client navigation, a not-found page) and API reads (a page's
// feed, a member's follow state and home feed). Open loop: each request leaves at its planned time whether
// or not the earlier ones have answered, so a slow server cannot lower the load it is given, and a
// latency counts from the planned time. Any answer but the expected one (a page must show its record),
// a failed connection or no answer within the timeout is an error, and any error fails the run (exit 1). Not a test: the figures
// depend on this machine (the README's "Load test" holds one run).
//
//   npm run load-test [-- --seconds 30 --rate 50 --timeout 5]
import { parseArgs } from 'node:util';
import { LOCAL_PROJECT_ID } from './stack/local-namespace.ts';
import { startWorkerdStack } from './stack/workerd-stack.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    rate: { type: 'string', default: '50' },
    timeout: { type: 'string', default: '5' },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const timeoutMs = Number(values.timeout) * 1000;
if (![seconds, rate, timeoutMs].every((n) => Number.isFinite(n) && n > 0))
  throw new Error('--seconds, --rate and --timeout take positive numbers');

/** A demo member (seed/seed-members.ts names their uids), for the reads only a member may make. */
const MEMBER_UID = 'demo-ana-roguelites';

/**
 * An ID token as the Auth emulator issues them (unsigned): the local Worker accepts those, and only
 * those, because it runs with the emulators' settings (FIREBASE_EMULATORS on a demo- project).
 */
function emulatorIdToken(uid: string): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: `https://securetoken.google.com/${LOCAL_PROJECT_ID}`,
    aud: LOCAL_PROJECT_ID,
    sub: uid,
    user_id: uid,
    iat: now,
    auth_time: now,
    exp: now + 3600,
    firebase: { sign_in_provider: 'password', identities: {} },
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

interface Target {
  /** The row of the report it counts in. */
  kind: string;
  path: string;
  /** The statuses it may answer; any 2xx or 3xx when absent. */
  expect?: number[];
  /**
   * What the answer must contain: a page's schema.org type, since a page whose record is missing may
   * still say 200 (its head left before the record was read) while showing the not-found screen.
   */
  shows?: string;
  member?: boolean;
}

const games = ['the-witcher-3-wild-hunt', 'hades', 'elden-ring', 'celeste', 'balatro'];
const members = ['ana_roguelites', 'ben_pixels', 'chloe_cards', 'dev_metroid'];
const lists = ['indie-essentials', 'valve-classics', 'great-rpgs'];
const queries = ['hades', 'witch', 'portal 2', 'zelda', 'stardew'];

/** The mix, sent in turn: pages as visitors see them, then what the browser asks the API. */
const targets: Target[] = [
  { kind: 'home page', path: '/', shows: '"@type":"WebSite"' },
  ...games.map((game) => ({ kind: 'game page', path: `/game/${game}`, shows: '"@type":"VideoGame"' })),
  ...members.map((member) => ({
    kind: 'user page',
    path: `/user/${member}`,
    shows: '"@type":"ProfilePage"',
  })),
  { kind: 'event page', path: '/event/the-game-awards-2023', shows: '"@type":"Event"' },
  ...lists.map((list) => ({ kind: 'list page', path: `/lists/games/${list}`, shows: '"@type":"ItemList"' })),
  ...queries.map((q) => ({ kind: 'search page', path: `/search?q=${encodeURIComponent(q)}` })),
  ...games.slice(0, 2).map((game) => ({ kind: 'page data (navigation)', path: `/api/pages/game/${game}` })),
  // The page's head leaves before the game is read, so an HTML not-found may say 200 (worker/render/);
  // its data for a client navigation says 404.
  { kind: 'not-found page', path: '/game/no-such-game', expect: [200, 404] },
  { kind: 'not-found page', path: '/api/pages/game/no-such-game', expect: [404] },
  ...games.slice(0, 3).map((game) => ({ kind: 'API: a page’s feed', path: `/api/posts?targetId=${game}` })),
  ...games.slice(0, 3).map((game) => ({
    kind: 'API: follow state',
    path: `/api/follows/game/${game}`,
    member: true,
  })),
  { kind: 'API: home feed', path: '/api/feed', member: true },
];

interface Outcome {
  target: Target;
  /** From the planned send time to the end of the body, in ms. */
  latency: number;
  error?: string;
}

const stack = await startWorkerdStack();
const token = emulatorIdToken(MEMBER_UID);

async function send(target: Target, plannedAt: number): Promise<Outcome> {
  try {
    const response = await fetch(new URL(target.path, stack.url), {
      headers: target.member ? { Authorization: `Bearer ${token}` } : {},
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await response.text();
    const latency = performance.now() - plannedAt;
    const expected =
      target.expect === undefined
        ? response.status >= 200 && response.status < 400
        : target.expect.includes(response.status);
    if (!expected) return { target, latency, error: `status ${String(response.status)}` };
    if (target.shows !== undefined && !body.includes(target.shows))
      return { target, latency, error: `no ${target.shows} in the page` };
    return { target, latency };
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    return {
      target,
      latency: performance.now() - plannedAt,
      error: name === 'TimeoutError' ? 'no answer in time' : `failed: ${name}`,
    };
  }
}

// Warm-up, not counted: every target once, so the edge cache holds the pages and search has its index.
for (const target of targets) {
  const outcome = await send(target, performance.now());
  if (outcome.error) console.warn(`warm-up: ${target.path}: ${outcome.error}`);
}

const total = Math.round(seconds * rate);
const interval = 1000 / rate;
const started = performance.now();
const pending: Promise<Outcome>[] = [];
for (let i = 0; i < total; i++) {
  const plannedAt = started + i * interval;
  const wait = plannedAt - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  pending.push(send(targets[i % targets.length] as Target, plannedAt));
}
const outcomes = await Promise.all(pending);
const elapsed = (performance.now() - started) / 1000;
await stack.dispose();

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

function row(name: string, group: Outcome[]): string {
  const latencies = group.map((o) => o.latency).sort((a, b) => a - b);
  const errors = group.filter((o) => o.error).length;
  return (
    name.padEnd(26) +
    String(group.length).padStart(8) +
    String(errors).padStart(8) +
    percentile(latencies, 0.5).toFixed(1).padStart(9) +
    percentile(latencies, 0.95).toFixed(1).padStart(9) +
    percentile(latencies, 0.99).toFixed(1).padStart(9)
  );
}

const failures = outcomes.filter((o) => o.error);
const answeredInTime = outcomes.length - failures.filter((o) => o.error === 'no answer in time').length;
console.log(
  `\n${String(seconds)} s at ${String(rate)} requests/s planned (open loop), ${String(total)} requests, ` +
    `${String(targets.length)} URLs in turn, timeout ${String(timeoutMs / 1000)} s, one workerd on this machine\n`,
);
console.log(
  'requests'.padEnd(26) +
    'sent'.padStart(8) +
    'errors'.padStart(8) +
    'p50 ms'.padStart(9) +
    'p95 ms'.padStart(9) +
    'p99 ms'.padStart(9),
);
for (const kind of new Set(targets.map((t) => t.kind)))
  console.log(
    row(
      kind,
      outcomes.filter((o) => o.target.kind === kind),
    ),
  );
console.log(row('all', outcomes));
console.log(
  `\nachieved: ${(answeredInTime / elapsed).toFixed(1)} answers/s over ${elapsed.toFixed(1)} s ` +
    `(planned ${String(rate)}/s); errors: ${String(failures.length)}`,
);
for (const failure of failures.slice(0, 10))
  console.log(`  ${failure.target.path}: ${failure.error ?? ''} after ${failure.latency.toFixed(0)} ms`);
if (failures.length > 0) process.exitCode = 1;
