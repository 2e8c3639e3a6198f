import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { seedDemoData } from '../../seed/seed-demo-data.ts';

/** Writes the demo data when the database has no games yet; answers whether it did. */
export async function seedIfEmpty(owner: RtdbClient): Promise<boolean> {
  const { seeded } = await seedDemoData(owner);
  return seeded;
}
