// One number format for every count a page shows. `count.toLocaleString('en-US')` builds a new one at
// each call, which in workerd cost a game page's render more than all of its follower and like labels
// together (scripts/bench/profile-pages.ts, the Worker's CPU profile).
const countFormat = new Intl.NumberFormat('en-US');

/** A count as the site writes it, grouped by thousands (`1,234`). */
export function formatCount(count: number): string {
  return countFormat.format(count);
}
