// The sizes of notification reads, apart from the reader so that the browser can know them without zod.

/** The most notifications one read takes (the rules refuse more: `limitToLast` ≤ 25). */
export const NOTIFICATIONS_READ_CAP = 25;
/** Notifications on one page of the list. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** How far the unread count counts: past it the bell says "25+". */
export const UNREAD_COUNT_CAP = NOTIFICATIONS_READ_CAP;
