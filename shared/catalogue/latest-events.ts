import { z } from 'zod';
import { ROOTS } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { eventSchema } from '../schemas/event.ts';

/** How many events the home page links to. */
export const HOME_EVENTS = 6;

/** An event as a link shows it: name, address, when and where. */
export interface EventLink {
  deepLink: string;
  name: string;
  starts_on?: string;
  place?: string;
}

const eventLinkSchema = eventSchema.pick({
  name: true,
  deeplink_url_code: true,
  starts_on: true,
  place: true,
});

/** The query's answer, each event checked on its own (made once: the home page would rebuild it each render). */
const eventsAnswerSchema = z.record(z.string(), z.unknown());

/**
 * The events that start latest, latest first: one query ordered by `starts_on` (the only read of the
 * collection the rules allow, limited), the last `count`. Events without a date sort first in the database,
 * so they come last here, if at all; invalid entries are left out.
 */
export async function latestEvents(db: RtdbClient, count: number = HOME_EVENTS): Promise<EventLink[]> {
  const found = await db.query(
    ROOTS.events,
    { orderBy: 'starts_on', limitToLast: count },
    eventsAnswerSchema,
  );
  return Object.values(found ?? {})
    .flatMap((value) => {
      const parsed = eventLinkSchema.safeParse(value);
      if (!parsed.success) return [];
      const { deeplink_url_code: deepLink, name, starts_on, place } = parsed.data;
      return [{ deepLink, name, ...(starts_on ? { starts_on } : {}), ...(place ? { place } : {}) }];
    })
    .sort((a, b) => (b.starts_on ?? '').localeCompare(a.starts_on ?? '') || a.name.localeCompare(b.name));
}
