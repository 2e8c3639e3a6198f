import { formatCount } from './count-format.ts';

/** "1 follower", "1,204 followers": beside the Follow button, signed out or in (follow-toggle.tsx). */
export function FollowersCount({ count }: { count: number }) {
  return <p className="followers">{count === 1 ? '1 follower' : `${formatCount(count)} followers`}</p>;
}
