import { z } from 'zod';

/**
 * A follower or like count kept on its record, as read to be shown. Counts move by server increments
 * decided from each member's own entry (shared/transitions/count-change.ts), so a count damaged below the
 * truth by hand or an import can go below zero until the member-counts job recounts it: it then shows as
 * zero, and the record it is on still reads (a record failing its schema over its count would vanish).
 */
export const shownCountSchema = z.number().int().nonnegative().catch(0);
