// The trending job at scale, against the project's database emulator in this process: the real Steam
// catalogue (seed/catalogue/games.jsonl.gz, 20,000 games) and generated activity on it over five weeks
// (follows, posts, likes of those posts, suggestion answers; popular games drawn far more often), then the
// job run twice. Prints how long each run took, its database requests and how many games it re-ranked;
// the second run, on the same activity at the same time, must write nothing. Not a test: it prints
// figures (the README's "Trending and top games" holds this machine's).
//
//   npm run bench:trending [-- --acts 40000 --games 20000]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_NAMESPACE, startEmulator } from '../../emulator/index.ts';
import { readCatalogueRows } from '../../shared/catalogue/catalogue-rows.ts';
import { writeGames } from '../../shared/catalogue/game-updates.ts';
import { runTrending } from '../../shared/jobs/trending-job.ts';
import { createRtdbClient, type RtdbRequestRecord } from '../../shared/rtdb/rest-client.ts';
import { readEmbeddedCatalogue } from '../../seed/embedded-catalogue.ts';

const { values } = parseArgs({
  options: { acts: { type: 'string', default: '40000' }, games: { type: 'string', default: '20000' } },
});
const ACTS = Number(values.acts);
const NOW = Date.UTC(2031, 4, 17, 9, 30, 0);
const DAY = 24 * 60 * 60 * 1000;

const emulator = await startEmulator({
  port: 0,
  rules: path.resolve(import.meta.dirname, '../../database.rules.json'),
});
const requests: RtdbRequestRecord[] = [];
const db = createRtdbClient({
  databaseUrl: emulator.url,
  namespace: DEFAULT_NAMESPACE,
  credential: { kind: 'emulatorOwner' },
  onRequest: (record) => requests.push(record),
});

try {
  const rows = readCatalogueRows(readEmbeddedCatalogue().games, 'jsonl')
    .rows.slice(0, Number(values.games))
    .map(({ row }) => row);
  let started = performance.now();
  await writeGames(db, rows);
  console.log(
    `${rows.length.toLocaleString('en')} games imported in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // A fixed pseudo-random sequence, so every run generates the same activity.
  let seed = 42;
  const random = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
  // Games in catalogue order are roughly by popularity: draw the first ones far more often.
  const someGame = () => rows[Math.floor(rows.length * random() ** 3)]?.slug ?? 'none';
  const someTime = () => NOW - Math.floor(random() * 35 * DAY);
  const updates: Record<string, unknown> = {};
  const followers = new Map<string, number>();
  const posts: string[] = [];
  for (let i = 0; i < ACTS; i++) {
    const kind = random();
    const uid = `member${String(Math.floor(random() * 100_000))}`;
    const at = someTime();
    const gameId = someGame();
    // Every actor is a member (the job counts only members' acts, checking `users_public`).
    updates[`users_public/${uid}`] = { username: uid };
    if (kind < 0.5) {
      updates[`follows/f${String(i)}`] = { userUUID: uid, targetUUID: gameId, type: 'game', timestamp: at };
      followers.set(gameId, (followers.get(gameId) ?? 0) + 1);
    } else if (kind < 0.65) {
      updates[`posts/p${String(i)}`] = {
        uuid: `p${String(i)}`,
        targetUUID: gameId,
        targetType: 'game',
        sourceUUID: uid,
        content: 'Loving it',
        timestamp: at,
      };
      posts.push(`p${String(i)}`);
    } else if (kind < 0.9 && posts.length > 0) {
      const postId = posts[Math.floor(random() * posts.length)] ?? 'none';
      updates[`likes/l${String(i)}`] = {
        sourceUUID: uid,
        targetUUID: postId,
        targetType: 'post',
        timestamp: at,
      };
    } else {
      const success = random() < 0.7 ? 'yes' : 'no';
      updates[`suggestions/s${String(i)}`] = { userUUID: uid, targetUUID: gameId, success, timestamp: at };
    }
  }
  for (const [gameId, count] of followers) updates[`games/${gameId}/follows`] = count;
  const entries = Object.entries(updates);
  for (let start = 0; start < entries.length; start += 2000)
    await db.patch('', Object.fromEntries(entries.slice(start, start + 2000)));
  console.log(
    `${ACTS.toLocaleString('en')} acts over five weeks on ${followers.size.toLocaleString('en')} followed games`,
  );

  for (const run of ['first', 'second']) {
    requests.length = 0;
    started = performance.now();
    const summary = await runTrending({ db, now: () => NOW, log: () => undefined });
    const seconds = (performance.now() - started) / 1000;
    const reads = requests.filter((r) => r.method === 'GET').length;
    const memberReads = requests.filter(
      (r) => r.method === 'GET' && r.path.startsWith('users_public'),
    ).length;
    const writes = requests.length - reads;
    console.log(
      `${run} run: ${summary} in ${seconds.toFixed(2)} s, ${reads.toLocaleString('en')} reads (${memberReads.toLocaleString('en')} of them checking that the acts' authors are members), ${writes.toLocaleString('en')} writes`,
    );
  }
} finally {
  await emulator.close();
}
