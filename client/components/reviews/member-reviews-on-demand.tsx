import { useEffect, useState, type ComponentType } from 'react';

// A member's reviews on their profile load after hydration, code and data alike: the profile's HTML and
// loader stay as they are (the same page for everyone, kept at the edge, its reads unchanged), and its
// first-load JavaScript carries only this.

interface MemberReviewsProps {
  uid: string;
  username: string;
}

/** The member's reviews, newest first, loaded after hydration. Key it by member. */
export function MemberReviews(props: MemberReviewsProps) {
  const [Section, setSection] = useState<ComponentType<MemberReviewsProps> | null>(null);
  useEffect(() => {
    let current = true;
    import('./member-reviews.tsx').then(
      (module) => {
        if (current) setSection(() => module.MemberReviewsSection);
      },
      () => undefined, // Offline or a new deploy: the profile reads well without them.
    );
    return () => {
      current = false;
    };
  }, []);
  return Section ? <Section {...props} /> : null;
}
