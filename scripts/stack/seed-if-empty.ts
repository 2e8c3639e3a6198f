import { seedDemoData } from '../../seed/seed-demo-data.ts';
import { seedMembers } from '../../seed/seed-members.ts';
import { ROOTS } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';

/**
 * On a database with no games yet, writes the demo catalogue (games, events, lists, suggestions) and
 * then the demo members with their follows and posts; answers whether it did.
 */
export async function seedIfEmpty(owner: RtdbClient): Promise<boolean> {
  const { seeded } = await seedDemoData(owner);
  // Members go through the transitions (many writes): seeded again if a first start stopped half-way.
  const anyMember = await owner.get(ROOTS.usersPublic, { orderBy: '$key', limitToFirst: 1 });
  if (seeded || anyMember === null) await seedMembers(owner);
  return seeded;
}
