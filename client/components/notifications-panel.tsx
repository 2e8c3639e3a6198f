import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type {
  MemberNotificationItem,
  NotificationItem,
  ReportNotificationItem,
} from '../../shared/notifications/read-notifications.ts';
import { UNREAD_COUNT_CAP } from '../../shared/notifications/notification-limits.ts';
import { callApi } from './browser-capabilities.ts';
import { RelativeTime } from './relative-time.tsx';
import { useDisclosure } from './use-disclosure.ts';
import { Username } from './username.tsx';

// The signed-in member's bell (loaded with member-header-tools.tsx): the unread count, read again on every
// navigation, and a disclosure that lists the notifications newest first, a page at a time. Opening it
// marks what it shows as seen, which clears the count.

function countText(unread: number): string {
  return unread >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP}+` : String(unread);
}

/** What a notification says after the member's name: the verb, then what it is about (a link to the post). */
function whatHappened(item: MemberNotificationItem): { did: string; what?: string; after?: string } {
  switch (item.kind) {
    case 'follow':
      return { did: 'followed you.' };
    case 'like':
      return { did: 'liked', what: item.ofComment ? 'your comment' : 'your post' };
    case 'comment':
      return { did: 'commented on', what: 'your post', after: ':' };
  }
}

const REPORTED: Record<ReportNotificationItem['subject'], string> = {
  post: 'the post',
  comment: 'the comment',
  user: 'the member',
};
const REPORT_OUTCOME_WORDS: Record<ReportNotificationItem['outcome'], string> = {
  removed: 'it was removed.',
  blocked: 'its author can’t post or comment for a while.',
  dismissed: 'no action was needed.',
};
/** What was done, in words; a member stopped from posting is "they", not the author of something. */
const outcomeWords = (item: ReportNotificationItem) =>
  item.outcome === 'blocked' && item.subject === 'user'
    ? 'they can’t post or comment for a while.'
    : REPORT_OUTCOME_WORDS[item.outcome];

/** "Your report about the post “…” was handled: it was removed." (no editor is named). */
function ReportLine({ item }: { item: ReportNotificationItem }) {
  return (
    <li className="notification" data-unread={item.unread || undefined}>
      <p>
        Your report about {REPORTED[item.subject]} <q className="notification-excerpt">{item.excerpt}</q> was
        handled: {outcomeWords(item)}
        {item.unread ? <span className="notifications-hidden"> (new)</span> : null}
      </p>
      <RelativeTime at={item.timestamp} />
    </li>
  );
}

function NotificationLine({ item, onFollow }: { item: NotificationItem; onFollow: () => void }) {
  if (item.kind === 'report') return <ReportLine item={item} />;
  const { did, what, after } = whatHappened(item);
  return (
    <li className="notification" data-unread={item.unread || undefined}>
      <p>
        <Link to={`/user/${encodeURIComponent(item.actor.username)}`} className="notification-actor">
          <Username name={item.actor.username} />
        </Link>{' '}
        {did}
        {what === undefined ? null : item.postLink === null ? (
          ` ${what}`
        ) : (
          <>
            {' '}
            {/* The post on its feed's page (its anchor); the list closes, as on any navigation. */}
            <Link to={item.postLink} className="notification-post" onClick={onFollow}>
              {what}
            </Link>
          </>
        )}
        {after}
        {item.excerpt === null ? null : <q className="notification-excerpt">{item.excerpt}</q>}
        {item.unread ? <span className="notifications-hidden"> (new)</span> : null}
      </p>
      <RelativeTime at={item.timestamp} />
    </li>
  );
}

export function NotificationsPanel() {
  const { pathname } = useLocation();
  const [unread, setUnread] = useState<number | null>(null);
  const { open, setOpen, close, root, buttonProps, panelId } = useDisclosure<
    HTMLDivElement,
    HTMLButtonElement
  >();
  const [items, setItems] = useState<NotificationItem[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  // The count, on first load and after every navigation (cheap: one bounded read); the list closes.
  useEffect(() => {
    let current = true;
    setOpen(false);
    callApi((api) => api.notifications.unread.$get()).then(
      (answer) => {
        if (current) setUnread(answer.unread);
      },
      () => {
        // No count is better than a wrong one; the bell still opens the list.
      },
    );
    return () => {
      current = false;
    };
  }, [pathname, setOpen]);

  const loadPage = useCallback(async (cursor: string | null) => {
    setBusy(true);
    setMessage('');
    try {
      const answer = await callApi((api) =>
        api.notifications.$get({ query: cursor === null ? {} : { cursor } }),
      );
      setItems((before) => (cursor && before ? [...before, ...answer.notifications] : answer.notifications));
      setNext(answer.next);
      setUnread(answer.unread);
      if (!cursor && answer.newest > answer.seenUpTo) {
        const seen = await callApi((api) => api.notifications.seen.$put({ json: { upTo: answer.newest } }));
        setUnread(seen.unread);
      }
    } catch {
      setMessage('Could not load your notifications. Please try again.');
    } finally {
      setBusy(false);
    }
  }, []);

  function toggle() {
    const opening = !open;
    setOpen(opening);
    if (opening) void loadPage(null);
  }

  const count = unread ?? 0;
  return (
    <div className="notifications" ref={root}>
      <button {...buttonProps} type="button" className="notifications-bell" onClick={toggle}>
        {/* Material Symbols' bell, drawn inline: an emoji shows as a blank box where no emoji font is installed. */}
        <svg aria-hidden="true" className="notifications-icon" viewBox="0 0 24 24" width="24" height="24">
          <path
            fill="currentColor"
            d="M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z"
          />
        </svg>
        <span className="notifications-hidden">Notifications</span>
        {count > 0 ? (
          <span className="notifications-count">
            {countText(count)}
            <span className="notifications-hidden"> unread</span>
          </span>
        ) : null}
      </button>
      <div
        id={panelId}
        className="notifications-panel"
        role="region"
        aria-labelledby={`${panelId}-title`}
        hidden={!open}
      >
        <p id={`${panelId}-title`} className="notifications-title">
          Notifications
        </p>
        {items === null ? (
          <p className="notifications-status">{busy ? 'Loading…' : ''}</p>
        ) : items.length === 0 ? (
          <p className="notifications-status">
            Nothing yet. When someone follows you, or likes or comments on your posts, it shows here.
          </p>
        ) : (
          <ol className="notifications-list">
            {items.map((item) => (
              <NotificationLine
                key={item.id}
                item={item}
                onFollow={() => {
                  close(false);
                }}
              />
            ))}
          </ol>
        )}
        {next ? (
          <button
            type="button"
            className="pill-button notifications-more"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) void loadPage(next);
            }}
          >
            Show older
          </button>
        ) : null}
        <p className="notifications-status" role="status">
          {message}
        </p>
      </div>
    </div>
  );
}
