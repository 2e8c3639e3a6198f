import type { CSSProperties } from 'react';
import { useLoaderData } from 'react-router';
import { FeedSection } from '../components/feed/feed-section-on-demand.tsx';
import { FollowButton } from '../components/follow-button.tsx';
import { GameGrid } from '../components/game-card.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { ReportMemberButton } from '../components/report/report-member-button.tsx';
import { MemberShelves } from '../components/shelves/member-shelves-on-demand.tsx';
import { TasteInCommon } from '../components/taste/taste-in-common-on-demand.tsx';
import { MemberReviews } from '../components/reviews/member-reviews-on-demand.tsx';
import { Username, usernameLengths } from '../components/username.tsx';
import { useAbsoluteUrl } from '../site-origin.ts';
import type { loader, ProfileUser } from './user-page.loader.ts';

/** Hue from the name, so each member's placeholder keeps its own colour from page to page. */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

function describe(user: ProfileUser, gameCount: number): string {
  if (user.brief) return `${user.brief} — ${user.username} on Questline.`;
  const games = gameCount > 0 ? ` and the ${gameCount === 1 ? 'game' : 'games'} they follow` : '';
  return `${user.username} on Questline: their profile${games}.`;
}

/** An uploaded image's address is on this site (`/media/…`): structured data needs it whole. */
function absolute(address: string, pageUrl: string): string {
  return URL.parse(address, pageUrl)?.href ?? address;
}

/** Structured data so search engines understand the page is a person's profile (https://schema.org/ProfilePage). */
function profileJsonLd(user: ProfileUser, description: string, url: string): Record<string, unknown> {
  return {
    '@type': 'ProfilePage',
    url,
    description,
    mainEntity: {
      '@type': 'Person',
      name: user.username,
      alternateName: user.username,
      identifier: user.uuid,
      url,
      ...(user.brief ? { description: user.brief } : {}),
      ...(user.icon ? { image: absolute(user.icon, url) } : {}),
      interactionStatistic: {
        '@type': 'InteractionCounter',
        interactionType: 'https://schema.org/FollowAction',
        userInteractionCount: user.follows,
      },
    },
  };
}

export function Component() {
  const { user, followGames, feed, shelves } = useLoaderData<typeof loader>();
  const description = describe(user, followGames.length);
  const path = `/user/${user.username}`;
  const url = useAbsoluteUrl(path);
  const hue = { '--hue': hueOf(user.username) } as CSSProperties;
  return (
    <article className="user-page">
      <PageMeta
        title={user.username}
        description={description}
        path={path}
        image={user.header ?? user.icon}
        type="profile"
      />
      <JsonLd data={profileJsonLd(user, description, url)} />
      <header className="user-hero">
        <div className="user-header-image" style={hue}>
          {user.header ? (
            <img key={user.header} src={user.header} alt="" width={1200} height={300} data-fallback="" />
          ) : null}
        </div>
        <div className="user-hero-body">
          <div className="user-icon" style={hue}>
            <span aria-hidden="true">{user.username.charAt(0).toUpperCase()}</span>
            {user.icon ? (
              <img key={user.icon} src={user.icon} alt="" width={112} height={112} data-fallback="" />
            ) : null}
          </div>
          <div className="user-hero-text">
            <h1 className="user-name" style={usernameLengths(user.username)}>
              <Username name={user.username} />
            </h1>
            {user.brief ? <p className="user-brief">{user.brief}</p> : null}
            {user.details ? <p className="user-details">{user.details}</p> : null}
            {/* Keyed by member: their follow state must not carry over to the next user page. */}
            <div className="user-hero-actions">
              <FollowButton key={user.uuid} type="user" targetId={user.uuid} followers={user.follows} />
              <ReportMemberButton key={`report-${user.uuid}`} uid={user.uuid} username={user.username} />
            </div>
          </div>
        </div>
      </header>
      {/* The visitor's own, after hydration only (none in the HTML); keyed by member, so it asks afresh. */}
      <TasteInCommon key={`taste-${user.uuid}`} uid={user.uuid} username={user.username} />
      <MemberReviews key={`reviews-${user.uuid}`} uid={user.uuid} username={user.username} />
      {/* Keyed by member: the games loaded with "More" belong to this member's page only. */}
      <MemberShelves
        key={`shelves-${user.uuid}`}
        uid={user.uuid}
        username={user.username}
        shelves={shelves}
      />
      <GameGrid id="followed-games" title={`Games ${user.username} follows`} games={followGames} />
      {/* Keyed by member: the next user page's feed starts afresh. */}
      <FeedSection key={user.uuid} targetType="user" targetId={user.uuid} feed={feed} />
    </article>
  );
}
