// When something happened, as spec section 9 shows it: seconds, minutes, hours and days ago, then the
// month and day, then month, day and year. Words and order come from Intl (RelativeTimeFormat for the ages,
// DateTimeFormat for the dates), never from strings written here. The clock is always passed in.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Ages up to this are told in days; older times by their date. */
const WEEK = 7 * DAY;

/** The site's language (the document is `lang="en"`), and a time zone (the reader's when omitted). */
export interface TimeFormatOptions {
  locale?: string;
  timeZone?: string;
}

// Building a formatter costs far more than using one: one per locale and options, kept.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  const key = `relative|${locale}`;
  let format = formatters.get(key);
  if (!format) {
    // numeric 'auto': "now" and "yesterday" where the language has such words.
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'long' });
    formatters.set(key, format);
  }
  return format as Intl.RelativeTimeFormat;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `date|${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format as Intl.DateTimeFormat;
}

function zoned(timeZone: string | undefined): { timeZone?: string } {
  return timeZone ? { timeZone } : {};
}

/**
 * How long before `now` the time `at` was (both in ms since the epoch): "12 seconds ago", "5 minutes ago",
 * "3 hours ago", "yesterday", "4 days ago", then "Mar 4" within the same year and "Mar 4, 2029" before it.
 * A time after `now` (another machine's clock running ahead) reads as "now".
 */
export function relativeTime(
  at: number,
  now: number,
  { locale = 'en-US', timeZone }: TimeFormatOptions = {},
): string {
  const elapsed = Math.max(0, now - at);
  const relative = relativeFormat(locale);
  if (elapsed < MINUTE) return relative.format(-Math.floor(elapsed / SECOND), 'second');
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < WEEK) return relative.format(-Math.floor(elapsed / DAY), 'day');
  const year = dateFormat(locale, { year: 'numeric', ...zoned(timeZone) });
  const sameYear = year.format(at) === year.format(now);
  return dateFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    ...zoned(timeZone),
  }).format(at);
}

/** The day of `at` with its year, "Mar 4, 2031": what a page shows when it cannot know the reader's clock. */
export function absoluteDate(at: number, { locale = 'en-US', timeZone }: TimeFormatOptions = {}): string {
  return dateFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', ...zoned(timeZone) }).format(
    at,
  );
}

/** The exact moment of `at`, "March 4, 2031 at 10:15 AM UTC", for a tooltip. */
export function fullDateTime(at: number, { locale = 'en-US', timeZone }: TimeFormatOptions = {}): string {
  return dateFormat(locale, {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...zoned(timeZone),
  }).format(at);
}
