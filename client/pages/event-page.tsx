import { useLoaderData } from 'react-router';
import { FeedSection } from '../components/feed/feed-section-on-demand.tsx';
import type { GameEvent } from '../../shared/schemas/event.ts';
import { FollowButton } from '../components/follow-button.tsx';
import { GameArt } from '../components/game-art.tsx';
import { GameGrid } from '../components/game-card.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { useAbsoluteUrl } from '../site-origin.ts';
import type { loader } from './event-page.loader.ts';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "December 12, 2019", or a range such as "March 18 – 22, 2024" when the event lasts several days. */
function eventDates(event: GameEvent): string | undefined {
  const start = event.starts_on ?? event.ends_on;
  if (!start) return undefined;
  const end = event.ends_on ?? start;
  if (end === start) return dayFormat.format(new Date(start));
  return dayFormat.formatRange(new Date(start), new Date(end));
}

function describe(event: GameEvent, dates: string | undefined): string {
  if (event.content.description) return event.content.description;
  const when = dates ? ` on ${dates}` : '';
  const where = event.place ? ` (${event.place})` : '';
  return `${event.name}${when}${where}. Follow it on Questline to see its games and what players say.`;
}

/** Structured data for the event (https://schema.org/Event), with its dates and place where known. */
function eventJsonLd(event: GameEvent, description: string, url: string): Record<string, unknown> {
  const online = event.place?.toLowerCase() === 'online';
  return {
    '@type': 'Event',
    name: event.name,
    description,
    url,
    ...(event.starts_on ? { startDate: event.starts_on } : {}),
    ...(event.ends_on ? { endDate: event.ends_on } : {}),
    ...(event.place
      ? {
          eventAttendanceMode: online
            ? 'https://schema.org/OnlineEventAttendanceMode'
            : 'https://schema.org/OfflineEventAttendanceMode',
          // A place is known only by its name, which is also the address search engines ask for.
          location: online
            ? { '@type': 'VirtualLocation', url }
            : { '@type': 'Place', name: event.place, address: event.place },
        }
      : {}),
    ...(event.content.icon ? { image: event.content.icon } : {}),
  };
}

export function Component() {
  const { event, eventGames, feed } = useLoaderData<typeof loader>();
  const dates = eventDates(event);
  const description = describe(event, dates);
  const path = `/event/${event.uuid}`;
  const url = useAbsoluteUrl(path);
  return (
    <article className="event-page">
      <PageMeta title={event.name} description={description} path={path} image={event.content.icon} />
      <JsonLd data={eventJsonLd(event, description, url)} />
      <header className="game-hero">
        <GameArt name={event.name} icon={event.content.icon} size="hero" />
        <div className="game-hero-text">
          <p className="eyebrow">Event</p>
          <h1>{event.name}</h1>
          {dates || event.place ? (
            <dl className="event-when">
              {dates ? (
                <div>
                  <dt>When</dt>
                  <dd>{dates}</dd>
                </div>
              ) : null}
              {event.place ? (
                <div>
                  <dt>Where</dt>
                  <dd>{event.place}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
          {/* Keyed by event: its follow state must not carry over to the next event page. */}
          <FollowButton key={event.uuid} type="event" targetId={event.uuid} followers={event.follows} />
        </div>
      </header>
      <section className="event-about" aria-labelledby="about-event">
        <h2 id="about-event">About</h2>
        <p>{description}</p>
      </section>
      {/* The event's games are its own content, so they come before its feed (as on a member's page). */}
      <GameGrid id="event-games" title="Featured games" games={eventGames} />
      {/* Keyed by event: the next event page's feed starts afresh. */}
      <FeedSection key={event.uuid} targetType="event" targetId={event.uuid} feed={feed} />
    </article>
  );
}
