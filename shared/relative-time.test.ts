import { describe, expect, it } from 'vitest';
import { absoluteDate, fullDateTime, relativeTime } from './relative-time.ts';

// A fixed clock: 17 May 2031, 09:30 UTC (the tests' "now" elsewhere too). Times are read in UTC unless said.
const NOW = Date.UTC(2031, 4, 17, 9, 30, 0);
const UTC = { timeZone: 'UTC' };
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ago = (ms: number) => relativeTime(NOW - ms, NOW, UTC);

describe('relativeTime', () => {
  it('tells seconds under a minute, "now" at the very moment', () => {
    expect(ago(0)).toBe('now');
    expect(ago(1 * SECOND)).toBe('1 second ago');
    expect(ago(12 * SECOND + 900)).toBe('12 seconds ago');
    expect(ago(59 * SECOND + 999)).toBe('59 seconds ago');
  });

  it('tells minutes under an hour', () => {
    expect(ago(MINUTE)).toBe('1 minute ago');
    expect(ago(5 * MINUTE + 30 * SECOND)).toBe('5 minutes ago');
    expect(ago(HOUR - 1)).toBe('59 minutes ago');
  });

  it('tells hours under a day', () => {
    expect(ago(HOUR)).toBe('1 hour ago');
    expect(ago(23 * HOUR + 59 * MINUTE)).toBe('23 hours ago');
  });

  it('tells days under a week ("yesterday" for one)', () => {
    expect(ago(DAY)).toBe('yesterday');
    expect(ago(2 * DAY)).toBe('2 days ago');
    expect(ago(7 * DAY - 1)).toBe('6 days ago');
  });

  it('gives the month and day from a week ago within the year', () => {
    expect(ago(7 * DAY)).toBe('May 10');
    expect(relativeTime(Date.UTC(2031, 0, 1, 0, 0), NOW, UTC)).toBe('Jan 1');
  });

  it('adds the year for a time in an earlier year', () => {
    expect(relativeTime(Date.UTC(2030, 11, 31, 23, 59), NOW, UTC)).toBe('Dec 31, 2030');
    expect(relativeTime(Date.UTC(2029, 2, 4, 12, 0), NOW, UTC)).toBe('Mar 4, 2029');
  });

  it('reads the day and the year in the reader’s time zone', () => {
    // 1 January 2031, 02:00 UTC is still New Year's Eve 2030 in New York.
    const newYear = Date.UTC(2031, 0, 1, 2, 0);
    expect(relativeTime(newYear, NOW, UTC)).toBe('Jan 1');
    expect(relativeTime(newYear, NOW, { timeZone: 'America/New_York' })).toBe('Dec 31, 2030');
  });

  it('reads a time ahead of the clock as now, not as a negative age', () => {
    expect(relativeTime(NOW + 3 * MINUTE, NOW, UTC)).toBe('now');
  });

  it('speaks the language it is asked for, in Intl’s words', () => {
    expect(relativeTime(NOW - 3 * HOUR, NOW, { locale: 'fr-FR', timeZone: 'UTC' })).toBe('il y a 3 heures');
    expect(relativeTime(Date.UTC(2029, 2, 4), NOW, { locale: 'de-DE', timeZone: 'UTC' })).toBe(
      '4. März 2029',
    );
  });
});

describe('absoluteDate and fullDateTime', () => {
  it('give the day with its year, and the exact moment with its zone', () => {
    const at = Date.UTC(2031, 2, 4, 10, 15);
    expect(absoluteDate(at, UTC)).toBe('Mar 4, 2031');
    expect(fullDateTime(at, UTC)).toBe('March 4, 2031 at 10:15 AM UTC');
  });
});
