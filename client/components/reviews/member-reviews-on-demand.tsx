import { useModuleWhen } from '../use-module-when.ts';

// A member's reviews on their profile load after hydration, code and data alike: the profile's HTML and
// loader stay as they are (the same page for everyone, kept at the edge, its reads unchanged), and its
// first-load JavaScript carries only this.

interface MemberReviewsProps {
  uid: string;
  username: string;
}

/** The member's reviews, newest first, loaded after hydration. Key it by member. */
export function MemberReviews(props: MemberReviewsProps) {
  const loaded = useModuleWhen(true, () => import('./member-reviews.tsx'));
  return loaded ? <loaded.MemberReviewsSection {...props} /> : null;
}
