// The demo data of seed/demo/, read and checked: every file validates with the shared schemas and
// every game it mentions is one of the demo games.

import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { CatalogueRow } from '../shared/catalogue/catalogue-row.ts';
import { eventSchema, type EventRecord } from '../shared/schemas/event.ts';
import { deepLinkSchema } from '../shared/schemas/keys.ts';
import { listSchema, type ListRecord } from '../shared/schemas/list.ts';
import { readCatalogueRows } from '../shared/catalogue/catalogue-rows.ts';

const DEMO_DIR = new URL('./demo/', import.meta.url);

/** A demo member: the users engineer seeds users, follows and posts from these; the seed only uses the game follows. */
export const demoMemberSchema = z.object({
  username: z.string().regex(/^[a-z0-9_]{3,30}$/),
  display_name: z.string().min(1).max(60),
  bio: z.string().max(200),
  games: z.array(deepLinkSchema).min(1),
  follows_users: z.array(z.string()).default([]),
  posts: z.array(z.object({ text: z.string().min(1).max(500), game: deepLinkSchema.optional() })).default([]),
  /** A site editor (`admin.auth`): curates the home page and lists, grants developer status, reads the logs. */
  editor: z.boolean().default(false),
  /** The games this member runs as a developer account (`readOnly.isDeveloper`, `developerGames`). */
  developer_games: z.array(deepLinkSchema).default([]),
});

export type DemoMember = z.infer<typeof demoMemberSchema>;

export interface DemoData {
  /** In file order: the most notable first (the order gives the demo ranking). */
  games: CatalogueRow[];
  events: Record<string, EventRecord>;
  lists: Record<string, ListRecord>;
  members: DemoMember[];
  /** Featured game ids of the home page, in display order. */
  homeGames: string[];
}

const membersFileSchema = z.object({ members: z.array(demoMemberSchema) });
const highlightsFileSchema = z.object({ home: z.object({ games: z.array(deepLinkSchema) }) });

function readDemoFile(name: string): string {
  return readFileSync(new URL(name, DEMO_DIR), 'utf8');
}

/** Reads seed/demo/ and checks it; throws on any inconsistency (the data ships with the code). */
export function loadDemoData(): DemoData {
  const { rows, rejects } = readCatalogueRows(readDemoFile('games.jsonl'), 'jsonl');
  const first = rejects[0];
  if (first) throw new Error(`seed/demo/games.jsonl line ${first.line}: ${first.reason}`);
  const games = rows.map((r) => r.row);
  const events = z.record(deepLinkSchema, eventSchema).parse(JSON.parse(readDemoFile('events.json')));
  const lists = z.record(deepLinkSchema, listSchema).parse(JSON.parse(readDemoFile('lists.json')));
  const { members } = membersFileSchema.parse(JSON.parse(readDemoFile('members.json')));
  const homeGames = highlightsFileSchema.parse(JSON.parse(readDemoFile('highlights.json'))).home.games;
  const data: DemoData = { games, events, lists, members, homeGames };
  const problems = demoDataProblems(data);
  if (problems.length > 0) throw new Error(`seed/demo is inconsistent:\n${problems.join('\n')}`);
  return data;
}

/** Every reference of the demo data that does not resolve (an empty list when all is well). */
export function demoDataProblems(data: DemoData): string[] {
  const slugs = new Set(data.games.map((game) => game.slug));
  const usernames = new Set(data.members.map((member) => member.username));
  const problems: string[] = [];
  const checkGame = (id: string, where: string): void => {
    if (!slugs.has(id)) problems.push(`${where}: unknown game "${id}"`);
  };
  for (const [id, event] of Object.entries(data.events)) {
    if (event.deeplink_url_code !== id)
      problems.push(`events.${id}: deeplink_url_code is ${event.deeplink_url_code}`);
    for (const game of Object.keys(event.games)) checkGame(game, `events.${id}`);
  }
  for (const [code, list] of Object.entries(data.lists)) {
    if (list.code !== code) problems.push(`lists.${code}: code is ${list.code}`);
    for (const [key, collection] of Object.entries(list.games))
      for (const game of Object.keys(collection.games)) checkGame(game, `lists.${code}.${key}`);
  }
  for (const member of data.members) {
    for (const game of member.games) checkGame(game, `members.${member.username}`);
    for (const game of member.developer_games) checkGame(game, `members.${member.username}.developer_games`);
    for (const post of member.posts) if (post.game) checkGame(post.game, `members.${member.username}.posts`);
    for (const user of member.follows_users)
      if (!usernames.has(user) || user === member.username)
        problems.push(`members.${member.username}: cannot follow "${user}"`);
  }
  if (usernames.size !== data.members.length) problems.push('members: duplicate usernames');
  for (const game of data.homeGames) checkGame(game, 'highlights.home');
  return problems;
}
