import { Link } from 'react-router';
import { Username } from '../username.tsx';

/** An author's name linking to their profile; "A member" when their name could not be read. */
export function AuthorLink({ name }: { name: string | undefined }) {
  if (!name) return <span className="feed-author">A member</span>;
  return (
    <Link className="feed-author" to={`/user/${encodeURIComponent(name)}`}>
      <Username name={name} />
    </Link>
  );
}
